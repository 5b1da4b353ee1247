import { describe, expect, it } from 'vitest';
import { maskedCode as code } from '../../helpers/masked-code.js';
import { maskLinkageBlocks } from '../../../src/core/extract/lang/c-linkage-blocks.js';
import { extractSource } from '../../../src/core/extract/extract.js';


const header = [
  '#ifdef __cplusplus',
  'extern "C" {',
  '#endif',
  '/** Open a handle. */',
  'int open_handle(const char *name);',
  '/** Close a handle. */',
  'void close_handle(int h);',
  '#if defined(__cplusplus)',
  '}  /* extern "C" */',
  '#endif',
  '',
].join('\n');

describe('maskLinkageBlocks', () => {
  it('blanks the C++ linkage guards of a C header, keeping lines and offsets', () => {
    const out = maskLinkageBlocks(header);
    expect(out.length).toBe(header.length);
    const lines = out.split('\n').map(code);
    expect(lines.slice(0, 3)).toEqual(['', '', '']);
    expect(lines[4]).toBe('int open_handle(const char *name);');
    expect(lines.slice(7, 10)).toEqual(['', '/* extern "C" */', '']);
  });

  it('blanks a guard whose brace is on a line of its own', () => {
    const src = '#ifdef __cplusplus\nextern "C"\n{\n#endif\nint f(void);\n';
    expect(maskLinkageBlocks(src).split('\n').map(code)).toEqual(['', '', '', '', 'int f(void);', '']);
  });

  it('leaves a __cplusplus conditional that holds declarations of its own', () => {
    const src = '#ifdef __cplusplus\nextern "C" {\nint f(void);\n#endif\n';
    expect(maskLinkageBlocks(src)).toBe(src);
  });

  it('lets the first declaration after the guard keep its doc, in C and in C++', async () => {
    for (const lang of ['c', 'cpp'] as const) {
      const x = await extractSource(lang, header, { file: 'handle.h', includePrivate: false });
      expect(x.items.find((i) => i.name === 'open_handle')?.summary).toBe('Open a handle.');
      expect(x.items.find((i) => i.name === 'close_handle')?.summary).toBe('Close a handle.');
    }
  });
});
