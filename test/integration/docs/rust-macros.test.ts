import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureContext } from '../../../src/features/context.js';
import { docsGet } from '../../../src/features/docs/get.js';
import { docsList } from '../../../src/features/docs/list.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { readFileSync } from 'node:fs';
import { extractSource } from '../../../src/core/extract/extract.js';
import { prepareItem } from '../../../src/core/index/rows.js';
import { docsContext, FIXTURES } from './fixtures.js';

/**
 * Items that `macro_rules!` invocations define, as std defines every integer type's methods
 * (`impl i32 { int_impl! { … } }`, the macro in another file of the crate) and each atomic
 * integer type (a macro in the same file, invoked through another with a repetition). The
 * fixture crate mirrors those layouts; the index is built by the real extraction (tree-sitter
 * over the expansions, the other files read as the index reads them).
 */
/** Another file of the tree, or null, as the indexer reads them (job.ts). */
const readIn = (root: string) => (f: string) => {
  try {
    return readFileSync(path.join(root, f), 'utf8');
  } catch {
    return null;
  }
};

describe('Rust items a macro defines', () => {
  let ctx: FeatureContext;
  beforeAll(async () => {
    ctx = docsContext(path.join(FIXTURES, 'rust-macros'));
    await docsSearch({ query: 'warm up', limit: 1 }, ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx.services.disposeAll();
  });

  it('an impl block invoking a macro defined in a #[macro_use] module has its methods, docs and examples under the type', async () => {
    const d = await docsGet({ id: 'macrodemo::num::i32::checked_add', max_chars: 24_000 }, ctx);
    // Where the invocation is: what a reader opens to see where the method comes from.
    expect(d).toMatchObject({ kind: 'method', summary: 'Checked integer addition.', location: { file: 'src/num/mod.rs', line: 6 } });
    expect(d.signature).toBe('pub const fn checked_add(self, rhs: Self) -> Option<Self>');
    // The example a doc attribute builds with concat! and stringify! of the type.
    expect(JSON.stringify(d.examples)).toContain('(i32::MAX - 2).checked_add(1)');
    // Each invocation is its own type's: u8's constant is 8 bits.
    expect((await docsGet({ id: 'macrodemo::num::u8::BITS', max_chars: 24_000 }, ctx)).signature).toBe('pub const BITS: u32 = 8');
  });

  it("the same method of every type is one answer in words; each type's is found by its path", async () => {
    const r = await docsSearch({ query: 'checked integer addition returning None on overflow', limit: 5 }, ctx);
    // The first type's (i32, the first invocation); u8's is a copy whose words are not counted again.
    const hits = r.results.filter((h) => h.name === 'checked_add');
    expect(hits.map((h) => h.id)).toEqual(['macrodemo::num::i32::checked_add']);
    // The other types' copies are listed with it.
    expect(hits[0]!.also_in.map((a) => a.id)).toContain('macrodemo::num::u8::checked_add');
    const byPath = await docsSearch({ query: 'u8::checked_add', limit: 3 }, ctx);
    expect(byPath.results[0]?.id).toBe('macrodemo::num::u8::checked_add');
    // Extracted, the copy says whose it is and has no full-text row of its own.
    const root = path.join(FIXTURES, 'rust-macros');
    const x = await extractSource('rust', readFileSync(path.join(root, 'src/num/mod.rs'), 'utf8'), { file: 'src/num/mod.rs', includePrivate: false, readSource: readIn(root) });
    const u8add = x.items.find((i) => i.id.endsWith('num::u8::checked_add'))!;
    expect(u8add.tags.copy_of).toMatch(/num::i32::checked_add$/);
    expect(prepareItem(u8add).fts).toBeNull();
    expect(prepareItem(x.items.find((i) => i.id.endsWith('num::i32::checked_add'))!).fts).not.toBeNull();
    const copy = await docsGet({ id: 'macrodemo::num::u8::checked_add', max_chars: 24_000 }, ctx);
    expect(copy.summary).toBe('Checked integer addition.');
    expect(JSON.stringify(copy.examples)).toContain('(u8::MAX - 2).checked_add(1)');
  });

  it('a module-level macro, invoked through another with a repetition, defines a type per pass; the crate root’s macros are found too', async () => {
    const list = await docsList({ module: 'macrodemo::sync', limit: 100, offset: 0 }, ctx);
    const ids = list.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['macrodemo::sync::AtomicCount16', 'macrodemo::sync::AtomicCount32', 'macrodemo::sync::Marker']));
    const a32 = await docsGet({ id: 'macrodemo::sync::AtomicCount32', max_chars: 24_000 }, ctx);
    // `#[doc = $width]` between two doc comments is part of the doc.
    expect(a32.summary).toBe('A counter which can be safely shared between threads, of 32 bits.');
    expect((await docsGet({ id: 'macrodemo::sync::AtomicCount16::fetch_add', max_chars: 24_000 }, ctx)).signature).toBe('pub fn fetch_add(&self, val: u16) -> u16');
    expect((await docsGet({ id: 'macrodemo::sync::Marker', max_chars: 24_000 }, ctx)).summary).toBe('A unit type named Marker.');
    // A macro writing only trait impls for types no path names (fn pointers) adds nothing.
    expect(ids.some((id) => id.includes('fn('))).toBe(false);
  });

  it("a cfg_if! publishes the platform module's names at the crate root, this machine's platform first; extern blocks declare functions", async () => {
    const d = await docsGet({ id: 'macrodemo::open', max_chars: 24_000 }, ctx);
    expect(d).toMatchObject({ id: 'macrodemo::unix::open', kind: 'function', summary: 'Opens the file at `path` and returns its descriptor, or -1.' });
    expect(d.signature).toBe('pub fn open(path: *const u8, flags: c_int, ...) -> c_int');
    expect((await docsGet({ id: 'macrodemo::environ', max_chars: 24_000 }, ctx)).summary).toBe('The process\'s environment, as C sees it.');
    const r = await docsSearch({ query: 'open', limit: 3 }, ctx);
    expect(r.results[0]?.id).toBe('macrodemo::open');
    // Only the branch a build for this machine takes publishes its names; the other's items are still read.
    const root = path.join(FIXTURES, 'rust-macros');
    const lib = await extractSource('rust', readFileSync(path.join(root, 'src/lib.rs'), 'utf8'), { file: 'src/lib.rs', includePrivate: true, readSource: readIn(root) });
    const platform = process.platform === 'win32' ? 'windows' : 'unix';
    expect(lib.reexports?.filter((x) => x.public === 'crate::*' || x.public === 'macrodemo::*').map((x) => x.target)).toEqual([expect.stringMatching(new RegExp(`::${platform}::\\*$`))]);
    expect(lib.items.map((i) => i.id)).toEqual(expect.arrayContaining([expect.stringMatching(/::windows$/), expect.stringMatching(/::unix$/)]));
  });

  it("a macro from a #[macro_use] module's own #[macro_use] module wraps items with their doc comments (tokio's cfg_net!)", async () => {
    expect((await docsGet({ id: 'macrodemo::net::Peer', max_chars: 24_000 }, ctx)).summary).toBe('A connection to a peer.');
    expect(await docsGet({ id: 'macrodemo::net::Peer::connect', max_chars: 24_000 }, ctx)).toMatchObject({ kind: 'method', summary: 'Connects to the peer at `addr`.' });
  });

  it('finds the macro-made items by what they do', async () => {
    const r = await docsSearch({ query: 'counter threads can share', limit: 5 }, ctx);
    expect(r.results.slice(0, 3).map((h) => h.id)).toEqual(expect.arrayContaining(['macrodemo::sync::AtomicCount16']));
  });
});
