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

export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const json = strip(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema);
  if (json.type !== 'object') throw new Error('A tool output schema must be a zod object.');
  const { required, properties, additionalProperties: _ap, ...rest } = json as {
    required?: string[];
    properties?: Record<string, unknown>;
    additionalProperties?: unknown;
  };
  const errorJson = strip(z.toJSONSchema(ErrorPayloadSchema, { io: 'output' }) as JsonSchema);
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
