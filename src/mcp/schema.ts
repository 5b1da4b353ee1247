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
