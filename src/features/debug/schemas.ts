import { z } from 'zod';

/** The shapes debug tools share: a stop context, a frame, a variable, a breakpoint result. */

export const VariableSchema = z.object({
  name: z.string(),
  value: z.string().describe('As the debugger shows it, cut at a bounded length.'),
  type: z.string().optional(),
  expandable: z.boolean().describe('Has children: pass its path to debug_variables.'),
  count: z.number().int().optional().describe('Number of children, when the debugger says.'),
});
export type Variable = z.output<typeof VariableSchema>;

export const FrameSchema = z.object({
  index: z.number().int().describe('Frame number for frame= arguments (0 is the innermost).'),
  function: z.string(),
  file: z.string().nullable().describe('Relative to the workspace root when inside it; null for frames without source.'),
  line: z.number().int(),
  source: z.string().nullable().describe('The text of that line.'),
});
export type Frame = z.output<typeof FrameSchema>;

export const StopContextSchema = z.object({
  state: z.enum(['stopped', 'exited', 'running']),
  reason: z.string().nullable().describe('breakpoint, step, entry, exception, pause…; null unless stopped.'),
  description: z.string().nullable().describe('The exception message or the adapter\'s note.'),
  exit_code: z.number().int().nullable(),
  thread: z.number().int().nullable(),
  frames: z.array(FrameSchema).describe('Innermost first; never empty when state is "stopped".'),
  frames_total: z.number().int().nullable(),
  source: z.string().nullable().describe('Lines around the line of source_frame, the current one marked with ">".'),
  source_frame: z.number().int().nullable().describe('The frame source and locals are from: the innermost one whose source file is here (0 unless the stop is inside a library).'),
  locals: z.array(VariableSchema).describe('The top frame\'s locals (bounded).'),
  locals_truncated: z.boolean(),
  output: z.object({ text: z.string(), end: z.number().int().describe('Pass as since= to debug_output for what comes next.'), truncated: z.boolean() }),
  hint: z.string().nullable(),
});
export type StopContext = z.output<typeof StopContextSchema>;

export const BreakpointResultSchema = z.object({
  file: z.string().nullable(),
  line: z.number().int().nullable().describe('The line asked for (resolved from symbol or anchor_text).'),
  symbol: z.string().optional(),
  anchor_text: z.string().optional(),
  verified: z.boolean().describe('True only when the debugger bound it to code.'),
  bound_line: z.number().int().nullable().describe('Where it actually bound.'),
  message: z.string().optional().describe('Why it did not bind, or how it was moved.'),
});
export type BreakpointResult = z.output<typeof BreakpointResultSchema>;

export const SessionArg = z.string().min(1).describe('The session id debug_start returned.');
