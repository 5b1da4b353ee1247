import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsGet } from '../../../src/features/docs/get.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { extractFixture, fileDocsContext, FIXTURES, item } from './fixtures.js';

/**
 * Rust laid out as the standard library is (test/fixtures/docs/rust-std-like: crates mini_alloc
 * and mini_std side by side, std re-exporting alloc's modules through an `extern crate … as`
 * alias, platform code under a private `mod sys`), read as rustc and rustdoc read it.
 */

const ctx = fileDocsContext(path.join(FIXTURES, 'rust-std-like'), { dependencies: false });

describe('Rust docs as rustdoc reads them', () => {
  it('takes an outer doc comment across a blank line and attributes, and the doc lines around a plain comment', async () => {
    const x = await extractFixture('rust-std-like', 'mini_alloc/src/vec.rs');
    // rustdoc renders `[`slice`]` as the code span alone.
    expect(item(x, 'mini_alloc::vec::Vec').summary).toBe('A contiguous growable array type, like a `slice` that grows.');
    const push = item(x, 'mini_alloc::vec::Vec::push');
    expect(push.summary).toBe('Appends an element to the back of a collection.');
    expect(push.examples.map((e) => e.code).join('\n')).toContain('v.push(3);');
    expect(push.doc).not.toContain('note for maintainers');
  });

  it('reads a path that starts with an extern crate, aliased in the crate root, as that crate', async () => {
    const x = await extractFixture('rust-std-like', 'mini_std/src/lib.rs');
    expect(x.reexports).toEqual([{ public: 'mini_std::vec', target: 'mini_alloc::vec' }]);
    // sync.rs says `alloc_crate::sync::Arc`; only lib.rs declares the alias.
    const arc = await docsGet({ id: 'mini_std::sync::Arc', max_chars: 4000 }, ctx());
    expect(arc).toMatchObject({ id: 'mini_alloc::sync::Arc', summary: 'A thread-safe reference-counting pointer.' });
    const push = await docsGet({ id: 'mini_std::vec::Vec::push', max_chars: 4000 }, ctx());
    expect(push.id).toBe('mini_alloc::vec::Vec::push');
  });

  it("puts a trait impl's methods under the type the module imports, not under the module", async () => {
    // path.rs: `use crate::sync::Arc;` then `impl From<&Path> for Arc<Path> { fn from … }`.
    const x = await extractFixture('rust-std-like', 'mini_std/src/path.rs');
    expect(x.items.map((i) => i.id)).toContain('mini_std::sync::Arc::from');
    expect(x.items.map((i) => i.id)).not.toContain('mini_std::path::Arc::from');
    const r = await docsSearch({ query: 'convert a path into an arc', limit: 3 }, ctx());
    expect(r.results[0]).toMatchObject({ name: 'from', snippet: 'Converts a `Path` into an `Arc` by copying the `Path` data into a new `Arc` buffer.' });
    expect(r.results[0]!.id).toMatch(/::sync::Arc::from$/);
  });

  it('ranks the public function over a `pub` one under a private module', async () => {
    // Both say what the question asks; `mod sys;` is private, so sys's sleep is no API.
    const r = await docsSearch({ query: 'put the current thread to sleep for a time', limit: 5 }, ctx());
    const ids = r.results.map((h) => h.id);
    expect(ids[0]).toBe('mini_std::thread::sleep');
    expect(ids).toContain('mini_std::sys::sleep');
  });

  it('answers a type by its name before its module, and never with a trait impl block', async () => {
    // `Vec` is both the struct and (lower-cased) its module; the Debug impl block is named Vec too
    // and is documented, but it is no answer of its own and lends the struct nothing.
    const r = await docsSearch({ query: 'Vec', limit: 5 }, ctx());
    expect(r.results[0]).toMatchObject({ kind: 'struct', snippet: 'A contiguous growable array type, like a `slice` that grows.' });
    expect(r.results.map((h) => h.kind)).not.toContain('impl');
    // Asked for by kind, the impl is found.
    const impls = await docsSearch({ query: 'Vec', limit: 5, kinds: ['impl'] }, ctx());
    expect(impls.results[0]).toMatchObject({ kind: 'impl', snippet: 'Formats the vector for debugging, element by element.' });
  });
});
