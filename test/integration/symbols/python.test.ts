import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetailsKeepTheAnswer, FIXTURES, makeContext } from './helpers.js';

// pyright-langserver from docent's own node_modules.
let env: ReturnType<typeof makeContext>;
const root = path.join(FIXTURES, 'py');

beforeAll(async () => {
  env = makeContext([root]);
  await env.indexDocs();
});
afterAll(async () => {
  await env?.services.disposeAll();
});

const names = (r: { symbols: Array<{ qualified_name: string }> }) => r.symbols.map((s) => s.qualified_name);

describe('search_symbols on pyright', () => {
  it('answers the very first query completely (waits for pyright to find its files)', async () => {
    const r = await env.search({ query: 'Cart', kinds: ['class'] });
    expect(r.index_status).toBe('ready');
    expect(names(r)).toEqual(['Cart']);
    expect(r.symbols[0]!.documentation).toBe('A shopping cart.');
    expect(r.symbols[0]!.location.file).toBe('shop/models.py');
  });

  it('methods carry their class and the docstring', async () => {
    const r = await env.search({ query: 'add_item' });
    const m = r.symbols.find((s) => s.name === 'add_item')!;
    expect(m.qualified_name).toBe('Cart.add_item');
    expect(m.kind).toBe('method');
    expect(m.signature).toMatch(/def add_item\(/);
    expect(m.documentation).toBe('Put a product in the cart.');
  });

  it('functions and constants with kinds', async () => {
    const fns = await env.search({ query: 'apply_discount', kinds: ['function'] });
    expect(names(fns)).toEqual(['apply_discount']);
    const consts = await env.search({ query: 'DEFAULT_CURRENCY', include_details: false });
    expect(consts.symbols[0]!.kind).toMatch(/constant|variable/);
  });

  it('files: Class.member and a fuzzy name', async () => {
    const r = await env.search({ query: 'Product.price', files: ['shop/models.py'], include_details: false });
    expect(names(r).sort()).toEqual(['Product.price', 'Product.price_with_tax']);
    const all = await env.search({ query: 'pwt', files: ['shop/models.py'], include_details: false });
    expect(names(all)).toEqual(['Product.price_with_tax']);
  });

  it('workspace-wide Class.member: pyright matches bare names only, so the scope is applied to its answer for the name', async () => {
    const r = await env.search({ query: 'Cart.add_item', include_details: false });
    expect(names(r)).toEqual(['Cart.add_item']);
    const fuzzy = await env.search({ query: 'Product.price', include_details: false });
    expect(names(fuzzy).sort()).toEqual(['Product.price', 'Product.price_with_tax']);
    const none = await env.search({ query: 'Cart.price', include_details: false });
    expect(names(none)).toEqual([]);
    // An empty scoped answer says where the name does live.
    expect(none.warnings.join('\n')).toMatch(/nothing named "price" in a scope ending with "Cart"; 2 symbol\(s\) matching "price" elsewhere: shop\.models\.Product\.price, shop\.models\.Product\.price_with_tax/);
  });

  it('a module counts as the outermost scope, as imports name it', async () => {
    expect(names(await env.search({ query: 'pricing.apply_discount', include_details: false }))).toEqual(['shop.pricing.apply_discount']);
    expect(names(await env.search({ query: 'shop.models.Cart.add_item', include_details: false }))).toEqual(['shop.models.Cart.add_item']);
    expect(names(await env.search({ query: 'models.apply_discount', include_details: false }))).toEqual([]);
    // A namespace package (no __init__.py) is named by its path from the project root.
    expect(names(await env.search({ query: 'tools.text.slugify', include_details: false }))).toEqual(['tools.text.slugify']);
    expect(names(await env.search({ query: 'text.slugify', include_details: false }))).toEqual(['tools.text.slugify']);
  });
});

describe('details never change the answer', () => {
  it('the default call answers the same symbols in the same order as the call without details', () => expectDetailsKeepTheAnswer(env));
});
