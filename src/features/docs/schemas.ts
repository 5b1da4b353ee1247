import { z } from 'zod';
import { ITEM_KINDS } from '../../core/extract/types.js';

/** zod schemas shared by the docs_* tools: the doc item, the index status, search hits. */

export const IndexStatusSchema = z.object({
  state: z.enum(['ready', 'indexing', 'unavailable']).describe('ready: up to date; indexing: catching up (answers may be partial); unavailable: no index.'),
  files: z.number().int().describe('Source files indexed.'),
  items: z.number().int().describe('Documented items stored.'),
  languages: z.record(z.string(), z.number().int()).describe('Indexed files per language.'),
  last_update: z.string().nullable().describe('ISO time of the last change written to the index.'),
  pending: z.number().int().describe('Files waiting to be (re)indexed.'),
  skipped: z.record(z.string(), z.number().int()).describe("Files not extracted, by reason: oversize, binary, generated, test, not-installed (a tool's bundled stubs of a distribution not installed beside it), error."),
  roots: z.array(
    z.object({
      root: z.string(),
      db: z.string(),
      files: z.number().int(),
      items: z.number().int(),
      synced: z.boolean(),
      phase: z.enum(['files', 'vectors', 'embeddings', 'ready', 'off']),
      searchable_by_name_at: z.string().nullable(),
      searchable_by_name_after_ms: z.number().nullable().describe('How long that sync took until every item was searchable by name.'),
      names_searchable_at: z.string().nullable().optional().describe("When this process's first build of the root had scanned every file's names (docs_search finds any name, with its file and line, from then on, before its docs are indexed); absent when the index was built before."),
      names_searchable_after_ms: z.number().nullable().optional().describe('How long after the first build started that was.'),
      note: z.string().optional().describe('What this root lacks and why (a Python standard library whose interpreter is not on the PATH has no built-in modules).'),
    }),
  ),
  packages: z
    .array(
      z.object({
        name: z.string(),
        version: z.string(),
        ecosystem: z.string().describe('npm, python, cargo, go, c (headers a compile_commands.json includes), or in-tree (a package folder inside a root, indexed with it).'),
        files: z.number().int(),
        items: z.number().int(),
        state: z.enum(['indexed', 'indexing', 'queued', 'failed', 'not_installed', 'no_docs']),
        error: z.string().optional().describe('Why it failed, or where it was looked for when not installed.'),
        db: z.string().optional().describe('Its database: one per package version, shared by every project that uses it.'),
      }),
    )
    .describe('The roots\' dependencies at their installed versions (npm packages package.json declares; Python packages declared or imported, from the project\'s virtualenv or python3; crates from Cargo.lock; Go modules from go.sum; headers the compilation database includes), each indexed once per machine: indexed, indexing, queued, failed, not_installed, or no_docs (nothing documented to index).'),
  error: z.string().nullable(),
  note: z.string().nullable(),
  phase: z
    .enum(['files', 'vectors', 'embeddings', 'ready', 'off'])
    .describe('files: extracting and writing files, each searchable by name and full text as soon as its batch is written; vectors: every item searchable by name and full text, related-word vectors being learned; embeddings: the configured sentence-embedding model is embedding items; ready: done; off: indexing is off.'),
  searchable_by_name_at: z.string().nullable().describe('ISO time by which the last full build had written every item (searchable by name and full text from then on); null while a first build is still writing.'),
  names_searchable_at: z.string().nullable().optional().describe("ISO time by which a first build's quick name pass had every name of every root being built (searchable by name, with file and line, before the full index is written); absent when no root was built from scratch in this process."),
  embeddings: z
    .object({
      model: z.string().describe('The model directory (config docs.embeddings.model).'),
      state: z.enum(['pending', 'loading', 'embedding', 'ready', 'failed']),
      items: z.number().int().describe('Items of the roots with a vector from the model.'),
      total: z.number().int().describe('Items that should have one (documented public items outside vendored copies and tests).'),
      dim: z.number().int().nullable(),
      weight: z.number().describe("How much the model's similarity counts in docs_search's ranking, beside the learned word vectors' (config docs.embeddings.weight)."),
      code: z.string().optional().describe('When failed: a stable error code (E_NOT_FOUND, E_BAD_INPUT, E_UNAVAILABLE).'),
      error: z.string().optional(),
      hint: z.string().optional(),
    })
    .nullable()
    .describe('The sentence-embedding model docs_search also ranks questions in words with; null when none is configured.'),
});

/** The short form carried by every docs answer, so partial results say so. */
export const IndexStateSchema = z.object({
  state: z.enum(['ready', 'indexing', 'unavailable']),
  files: z.number().int(),
  items: z.number().int(),
  pending: z.number().int(),
  note: z.string().nullable(),
});

export const KindSchema = z.enum(ITEM_KINDS as [string, ...string[]]);

export const ParamSchema = z.object({
  name: z.string(),
  type: z.string().nullable(),
  doc: z.string().nullable(),
  optional: z.boolean().optional(),
  default: z.string().nullable().optional(),
});

export const ExampleSchema = z.object({
  code: z.string(),
  description: z.string().nullable(),
  language: z.string(),
});

export const LocationSchema = z.object({
  file: z.string().describe('Path relative to the root (prefixed by the root name when there are several roots).'),
  line: z.number().int(),
  end_line: z.number().int(),
});

export const DocItemSchema = z.object({
  id: z.string().describe('Qualified name in the language notation; pass it to docs_get/docs_examples/docs_related.'),
  kind: z.string(),
  name: z.string(),
  module: z.string(),
  visibility: z.string(),
  language: z.string(),
  signature: z.string(),
  summary: z.string(),
  doc: z.string().describe('Full documentation as Markdown.'),
  params: z.array(ParamSchema),
  returns: z.object({ type: z.string().nullable(), doc: z.string().nullable() }).nullable(),
  throws: z.array(z.object({ type: z.string().nullable(), doc: z.string().nullable() })),
  examples: z.array(ExampleSchema),
  see_also: z.array(z.string()),
  deprecated: z.string().nullable(),
  since: z.string().nullable(),
  location: LocationSchema,
  parent: z.string().nullable(),
  implements: z.array(z.string()),
  tags: z.record(z.string(), z.string()),
});

export const ItemSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  signature: z.string(),
  summary: z.string(),
});
