import type { z } from 'zod';
import type { FeatureContext } from '../features/context.js';

/** Groups for `--tools`, so a client can load only the tools it needs. */
export const TOOL_GROUPS = ['info', 'emacs', 'symbols', 'docs', 'analysis', 'workspace', 'check', 'change', 'run', 'debug'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * One MCP tool, declared in one place: its name and description, zod input and output
 * schemas, annotations, the feature function it calls and how its answer reads as text.
 * The server (server.ts) does the rest: validation, errors, progress and cancellation.
 */
export interface ToolDefinition<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  group: ToolGroup;
  inputSchema: In;
  outputSchema: Out;
  annotations?: ToolAnnotations;
  /** Calls the feature; throws DocentError on failure. */
  handler(input: z.output<In>, ctx: FeatureContext): Promise<z.input<Out>>;
  /** The compact text rendering of a successful answer. */
  render(output: z.output<Out>): string;
}

/** Identity function that lets TypeScript infer a tool's input and output types. */
export function defineTool<In extends z.ZodType, Out extends z.ZodType>(def: ToolDefinition<In, Out>): ToolDefinition<In, Out> {
  return def;
}

// The registry holds tools of many shapes; handler parameter types are checked at definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any>;
