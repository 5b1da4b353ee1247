import { z } from 'zod';
import { CONFIDENCE_HELP, CONFIDENCES, SEVERITIES } from './codes.js';
import { TextEditSchema } from './text-edits.js';

/**
 * Schemas of `diagnostics`. Lines and columns are 1-based (columns in UTF-16 code units, as in
 * LSP and JavaScript strings); an end is exclusive.
 */

export const SeveritySchema = z.enum(SEVERITIES);

export const SpanSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  end_line: z.number().int(),
  end_column: z.number().int().describe('Exclusive.'),
});

export const FixSchema = z.object({
  fix_id: z.string().describe('Apply it in one call with apply_fix {fix_id} (the edit applier: preview by default, apply: true to write with --allow-writes, target: "overlay" to try it); valid in this session while the files stay as they are.'),
  title: z.string(),
  confidence: z.enum(CONFIDENCES).describe(CONFIDENCE_HELP),
  is_preferred: z.boolean().describe('The server marks this fix as the one to take (LSP isPreferred).'),
  edits: z.array(TextEditSchema).describe('Plain text edits on the current view ({file, range, new_text}, 1-based): apply them with edit_files (the edit applier: preview, then apply: true, or into an overlay) or try them with overlay_apply {file, edits}.'),
  diff: z.string().describe('Unified diff of the fix against the current view (the session\'s overlays, else the disk).'),
});
export type FixT = z.output<typeof FixSchema>;

export const DiagnosticSchema = z.object({
  id: z.string().describe('Stable across edits elsewhere in the file (file + code + message + the covered text), for deltas.'),
  code: z.string().describe('Namespaced by source: ts2322, pyright:reportAttributeAccessIssue, clang:-Wunused-variable, clang-tidy:bugprone-use-after-move. diagnostic_explain explains it.'),
  source: z.string().describe('typescript, pyright, clang, clang-tidy, rustc, …'),
  severity: SeveritySchema,
  message: z.string(),
  span: SpanSchema,
  related: z.array(z.object({ message: z.string(), span: SpanSchema })),
  fixes: z.array(FixSchema),
  tags: z.array(z.enum(['unnecessary', 'deprecated'])).optional(),
  docs_url: z.string().optional().describe('The server\'s documentation link for the code (codeDescription.href).'),
});
export type DiagnosticT = z.output<typeof DiagnosticSchema>;

export const DiagnosticsInput = z.object({
  files: z.array(z.string().min(1)).min(1).max(500).optional().describe('Paths, directories or globs ("src/**/*.ts"); the whole workspace when omitted (with progress).'),
  min_severity: SeveritySchema.default('hint').describe('Leave out diagnostics below this severity (error > warning > info > hint).'),
  since: z.string().optional().describe('A baseline an earlier diagnostics call returned: answer only the new diagnostics (in `diagnostics`) and the fixed ones (in `fixed`).'),
  max_results: z.number().int().min(1).max(5000).default(100).describe('At most this many diagnostics (errors first); `total` and `truncated` say how many there were.'),
  include_fixes: z.boolean().default(true).describe('Ask the servers for quick fixes of the diagnostics shown.'),
});
export type DiagnosticsInputT = z.output<typeof DiagnosticsInput>;

export const ComputedOnSchema = z.object({
  file: z.string(),
  version: z.number().int().describe('Vfs version of the content (overlay_apply returns the same number).'),
  hash: z.string().describe('sha256 of the content the diagnostics were computed on.'),
  origin: z.enum(['disk', 'overlay']),
  lsp_version: z.number().int().describe('The document version the server was sent.'),
  via: z.enum(['pull', 'tsserver', 'push']).describe('pull: textDocument/diagnostic; tsserver: tsserver\'s synchronous diagnostics; push: the publishDiagnostics for exactly lsp_version.'),
  server: z.string(),
});

export const FixedSchema = z.object({
  id: z.string(),
  code: z.string(),
  severity: z.string(),
  message: z.string(),
  file: z.string(),
  line: z.number().int().describe('Where it was in the baseline.'),
});

export const DiagnosticsOutput = z.object({
  diagnostics: z.array(DiagnosticSchema).describe('With since: only the new ones.'),
  fixed: z.array(FixedSchema).describe('With since: baseline diagnostics that are gone (files checked completely only); empty otherwise.'),
  unchanged: z.number().int().describe('With since: diagnostics present both in the baseline and now.'),
  computed_on: z.array(ComputedOnSchema),
  complete: z.boolean().describe('False when some file\'s diagnostics could not be computed fresh (timeout, server indexing, no server): see incomplete. Never a silent empty list.'),
  incomplete: z.array(z.object({ file: z.string(), reason: z.string() })),
  baseline: z.string().describe('Pass as since to a later call to see only what changed.'),
  counts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int(), hint: z.number().int() }).describe('All diagnostics at or above min_severity (new ones only with since), before max_results.'),
  total: z.number().int(),
  truncated: z.boolean(),
  files_checked: z.number().int(),
  warnings: z.array(z.string()),
});
export type DiagnosticsResult = z.output<typeof DiagnosticsOutput>;
