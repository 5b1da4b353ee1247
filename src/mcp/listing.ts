import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { inputJsonSchema, inputKeys, outputJsonSchema } from './schema.js';
import type { AnyTool } from './tool.js';

/**
 * A tool's tools/list entry and accepted argument names, computed from its zod schemas. This
 * is what scripts/post-build.mjs writes into the tool manifest, and what the server computes
 * at run time for tools it is handed directly (tests) or when there is no manifest.
 */
export function listing(t: AnyTool): Tool {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: inputJsonSchema(t.inputSchema) as Tool['inputSchema'],
    outputSchema: outputJsonSchema(t.outputSchema) as Tool['outputSchema'],
    annotations: { title: t.title, ...t.annotations },
  };
}

/** The argument names a tool takes, or null when its input schema does not list them. */
export function acceptedKeys(t: AnyTool): string[] | null {
  const keys = inputKeys(t.inputSchema);
  return keys ? [...keys] : null;
}
