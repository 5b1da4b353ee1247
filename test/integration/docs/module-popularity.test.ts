import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModulePopularity } from '../../../src/core/index/popularity.js';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { indexedTree } from './fixtures.js';

/**
 * Module popularity counts the files that import a module. In C a header that includes headers
 * is plumbing, not use: glibc's stdio.h includes bits/types/cookie_io_functions_t.h, and that
 * made its typedefs outrank fopen. Only source files count.
 */

let idx: DocsIndex;
let close: () => Promise<void>;

beforeAll(async () => {
  const files: Record<string, string> = {
    'bits/impl.h': '/** Open callback of a thing. */\ntypedef int thing_open_t(void *cookie);\n',
    'pub.h': '#include "bits/impl.h"\n/** Open a thing for use. */\nint open_thing(const char *name);\n',
    'other.h': '#include "bits/impl.h"\n/** Close a thing. */\nint close_thing(int fd);\n',
    'main.c': '#include "pub.h"\nint main(void) { return open_thing("x"); }\n',
    'tool.c': '#include "pub.h"\n#include <stdio.h>\nint tool(void) { return 0; }\n',
  };
  ({ idx, close } = await indexedTree(files, 'docent-popularity-'));
}, 60_000);

afterAll(async () => {
  await close?.();
});

describe('module popularity', () => {
  it('counts the source files that include a header, not the headers that include it', () => {
    const pop = new ModulePopularity(idx.roots[0]!.store.db);
    expect(pop.of('pub.h')).toBeGreaterThan(0);
    expect(pop.of('bits/impl.h')).toBe(0);
  });

  it('recounts after an index change once the search that noticed it is done, not inside it', () => {
    const db = idx.roots[0]!.store.db;
    const pop = new ModulePopularity(db);
    expect(pop.of('other.h')).toBe(0); // counted now: only headers include it
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    try {
      // A source file that includes other.h is written, and the 30 s between recounts pass.
      db.prepare(`INSERT INTO files(path, hash, size, mtime_ms, language, imports, indexed_at) VALUES ('user.c', 'h', 1, 1, 'c', '["other.h"]', 0)`).run();
      db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('last_update', ?)`).run(String(Date.now() + 1));
      vi.setSystemTime(Date.now() + 31_000);
      expect(pop.of('other.h')).toBe(0); // this search ranks with the counts it has
      vi.runAllTimers();
      expect(pop.of('other.h')).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
      db.prepare(`DELETE FROM files WHERE path = 'user.c'`).run();
    }
  });
});
