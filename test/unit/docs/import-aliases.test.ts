import { describe, expect, it } from 'vitest';
import { abbreviatesModuleOf, aliasedPath } from '../../../src/core/rank/words.js';

describe('import aliases in a dotted name', () => {
  it('takes a short first part as a possible alias', () => {
    expect(aliasedPath('np.array')).toEqual({ head: 'np', name: 'array' });
    expect(aliasedPath('plt.plot')).toEqual({ head: 'plt', name: 'plot' });
    expect(aliasedPath('numpy.array')).toBeNull();
    expect(aliasedPath('np.linalg.solve')).toBeNull();
    expect(aliasedPath('z.object')).toBeNull();
  });

  it("matches the last segment of the item's module, letters in order, first letter first", () => {
    expect(abbreviatesModuleOf('np', 'numpy.array', 'array')).toBe(true);
    expect(abbreviatesModuleOf('plt', 'matplotlib.pyplot.plot', 'plot')).toBe(true);
    expect(abbreviatesModuleOf('nx', 'networkx.shortest_path', 'shortest_path')).toBe(true);
    expect(abbreviatesModuleOf('np', 'numpy.ma.array', 'array')).toBe(false);
    expect(abbreviatesModuleOf('np', 'array.array', 'array')).toBe(false);
    expect(abbreviatesModuleOf('pn', 'numpy.array', 'array')).toBe(false);
    expect(abbreviatesModuleOf('os', 'os.getcwd', 'getcwd')).toBe(false);
  });
});
