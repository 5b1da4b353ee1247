import { z } from 'zod';

/**
 * zod -> JSON Schema for tools/list.
 *
 * Input schemas are rendered in zod's "input" mode, so fields with defaults are optional.
 * Output schemas also describe the error shape: an `isError` result carries
 * `structuredContent: {error: {code, message, hint}}`, and MCP clients (the SDK's among them)
 * validate structuredContent against the declared schema even on errors. So the published
 * output schema is the success schema's properties plus `error`, with `anyOf` choosing
 * between "the success fields are present" and "error is present".
 */

type JsonSchema = Record<string, unknown>;

export const ErrorPayloadSchema = z.object({
  code: z.string().describe('Stable error code, e.g. E_NOT_FOUND.'),
  message: z.string(),
  hint: z.string().describe('How to fix it.'),
  details: z.record(z.string(), z.unknown()).optional(),
});

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const json = strip(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  if (json.type !== 'object') throw new Error('A tool input schema must be a zod object.');
  return json;
}

/**
 * The argument names a tool accepts (its input schema's properties, across any `anyOf`
 * branches), or null when the schema does not list them. Clients and agents misspell
 * arguments (`max_result`); zod would drop such a key and the call would quietly use a
 * default, so the server refuses it instead (see `unknownArguments`).
 */
export function inputKeys(schema: z.ZodType): Set<string> | null {
  const json = inputJsonSchema(schema);
  if (json.additionalProperties !== undefined && json.additionalProperties !== false) return null;
  const keys = new Set<string>();
  const collect = (s: JsonSchema) => {
    for (const k of Object.keys((s.properties as JsonSchema | undefined) ?? {})) keys.add(k);
    for (const branch of [...((s.anyOf as JsonSchema[] | undefined) ?? []), ...((s.oneOf as JsonSchema[] | undefined) ?? [])]) collect(branch);
  };
  collect(json);
  return keys;
}

/**
 * Keywords zod writes into output schemas that say nothing a client can use, dropped so that
 * every client pays less to compile its validators (the SDK's client compiles one Ajv
 * validator per tool at each tools/list, ~3 ms each, and that cost was most of a session's
 * start):
 * - `minimum`/`maximum` of ±2^53-1 on every `.int()`: JSON integers past that are not exact
 *   anywhere, so the bounds rule out nothing;
 * - `propertyNames: {type: "string"}` on records: JSON object keys are strings already;
 * - `additionalProperties: false` on objects inside an answer. An answer that gains a field in a
 *   later version must not fail a client that validates with an older copy of the schema, so
 *   output objects are open (input schemas stay closed: unknown arguments are refused).
 */
export function leanOutputSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(leanOutputSchema);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'propertyNames' && isStringType(value)) continue;
    out[key] =
      key === 'properties' || key === '$defs'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, sub]) => [name, leanOutputSchema(sub)]))
        : leanOutputSchema(value);
  }
  return out;
}

function isStringType(value: unknown): boolean {
  return !!value && typeof value === 'object' && Object.keys(value).length === 1 && (value as JsonSchema).type === 'string';
}

export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const json = leanOutputSchema(strip(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema)) as JsonSchema;
  if (json.type !== 'object') throw new Error('A tool output schema must be a zod object.');
  const { required, properties, additionalProperties: _ap, ...rest } = json as {
    required?: string[];
    properties?: Record<string, unknown>;
    additionalProperties?: unknown;
  };
  const errorJson = leanOutputSchema(strip(z.toJSONSchema(ErrorPayloadSchema, { io: 'output' }) as JsonSchema)) as JsonSchema;
  // A success schema may have its own top-level `error` field (index_status reports the last
  // indexing error as a string or null). Replacing it with the error payload would make every
  // successful answer fail the client's validation, so the published field admits both.
  const own = properties?.error;
  return {
    ...rest,
    type: 'object',
    properties: { ...(properties ?? {}), error: own === undefined ? errorJson : { anyOf: [own, errorJson] } },
    anyOf: [{ required: required ?? [] }, { required: ['error'] }],
  };
}
