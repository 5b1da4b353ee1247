import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { outputJsonSchema } from '../../../src/mcp/schema.js';
import { ALL_TOOLS } from '../../../src/mcp/tools/index.js';

/**
 * The published output schemas are checked the way MCP clients check structuredContent (the SDK
 * client's own Ajv validator), so a schema that rejects real answers fails here, not in a client.
 */
const validator = new AjvJsonSchemaValidator();
const check = (schema: z.ZodType, value: unknown) => validator.getValidator(outputJsonSchema(schema) as never)(value);
const errorPayload = { error: { code: 'E_NOT_FOUND', message: 'no such thing', hint: 'search first' } };

describe('published output schemas', () => {
  it('accept an error payload for every tool', () => {
    for (const t of ALL_TOOLS) expect(check(t.outputSchema, errorPayload).valid, t.name).toBe(true);
  });

  it('keep a success field named `error` valid instead of replacing it with the error payload', () => {
    const schema = z.object({ state: z.string(), error: z.string().nullable() });
    expect(check(schema, { state: 'ready', error: null }).valid).toBe(true);
    expect(check(schema, { state: 'ready', error: 'disk full' }).valid).toBe(true);
    expect(check(schema, errorPayload).valid).toBe(true);
    expect(check(schema, { state: 'ready', error: 42 }).valid).toBe(false);
  });

  it('accept a real index_status answer (which carries error: null)', () => {
    const tool = ALL_TOOLS.find((t) => t.name === 'index_status')!;
    const answer = {
      state: 'ready', files: 1, items: 2, languages: { typescript: 1 }, last_update: null, pending: 0,
      skipped: {}, roots: [{ root: '/r', db: '/r.db', files: 1, items: 2, synced: true, phase: 'ready', searchable_by_name_at: '2026-01-01T00:00:00.000Z', searchable_by_name_after_ms: 12 }],
      packages: [], error: null, note: null, phase: 'ready', searchable_by_name_at: '2026-01-01T00:00:00.000Z', embeddings: null,
    };
    expect(tool.outputSchema.safeParse(answer).success).toBe(true);
    expect(check(tool.outputSchema, answer).valid).toBe(true);
  });
});

describe('lean output schemas', () => {
  const schema = z.object({
    count: z.number().int(),
    tags: z.record(z.string(), z.number()),
    item: z.object({ line: z.number().int().min(1), name: z.string() }),
  });
  const json = JSON.stringify(outputJsonSchema(schema));

  it('drop keywords that rule nothing out: safe-integer bounds, string property names, closed nested objects', () => {
    expect(json).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(json).not.toContain('propertyNames');
    expect(json).not.toContain('"additionalProperties":false');
  });

  it('keep every bound and type that does rule something out', () => {
    expect(check(schema, { count: 1, tags: { a: 1 }, item: { line: 1, name: 'x' } }).valid).toBe(true);
    expect(check(schema, { count: 1.5, tags: {}, item: { line: 1, name: 'x' } }).valid).toBe(false);
    expect(check(schema, { count: 1, tags: { a: 'one' }, item: { line: 1, name: 'x' } }).valid).toBe(false);
    expect(check(schema, { count: 1, tags: {}, item: { line: 0, name: 'x' } }).valid).toBe(false);
    expect(check(schema, { count: 1, tags: {}, item: { line: 1 } }).valid).toBe(false);
  });

  it('let an answer carry a field a newer version added', () => {
    expect(check(schema, { count: 1, tags: {}, item: { line: 1, name: 'x', added_later: true }, also_new: 1 }).valid).toBe(true);
  });
});
