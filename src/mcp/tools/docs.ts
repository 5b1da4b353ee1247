import { DocsExamplesInput, DocsExamplesOutput, docsExamples, renderDocsExamples } from '../../features/docs/examples.js';
import { DocsGetInput, DocsGetOutput, docsGet, renderDocItem } from '../../features/docs/get.js';
import { DocsListInput, DocsListOutput, docsList, renderDocsList } from '../../features/docs/list.js';
import { DocsRelatedInput, DocsRelatedOutput, docsRelated, renderDocsRelated } from '../../features/docs/related.js';
import { DocsResolveInput, DocsResolveOutput, docsResolve, renderDocsResolve } from '../../features/docs/resolve.js';
import { DocsSearchInput, DocsSearchOutput, docsSearch, renderDocsSearch } from '../../features/docs/search.js';
import { IndexStatusInput, IndexStatusOutput, indexStatus, renderIndexStatus } from '../../features/docs/status.js';
import { defineTool, type AnyTool } from '../tool.js';

/** The docs tools; each calls a function in src/features/docs/. */
const readOnly = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;

export const docsTools: AnyTool[] = [
  defineTool({
    name: 'docs_search',
    title: 'Search the docs index',
    description:
      'Full-text search over the doc comments and declarations docent extracted from the workspace (TS/JS, Python, C/C++, Rust, Go, Java). Accepts natural language ("delay a function until input stops") or identifiers ("parseConfig"). Results are ranked by score; pass an id to docs_get. index_status says when the index is still catching up.',
    group: 'docs',
    inputSchema: DocsSearchInput,
    outputSchema: DocsSearchOutput,
    annotations: readOnly,
    handler: docsSearch,
    render: renderDocsSearch,
  }),
  defineTool({
    name: 'docs_get',
    title: 'Get an item\'s documentation',
    description: 'The full structured documentation of one item by id: signature, Markdown doc, params (types merged from the signature and tags), returns, throws, examples, see-also, deprecation, location and members.',
    group: 'docs',
    inputSchema: DocsGetInput,
    outputSchema: DocsGetOutput,
    annotations: readOnly,
    handler: docsGet,
    render: renderDocItem,
  }),
  defineTool({
    name: 'docs_list',
    title: 'List a module',
    description: 'A module\'s doc, its items (id, kind, name, signature, summary) and its submodules. Page with offset when truncated.',
    group: 'docs',
    inputSchema: DocsListInput,
    outputSchema: DocsListOutput,
    annotations: readOnly,
    handler: docsList,
    render: renderDocsList,
  }),
  defineTool({
    name: 'docs_resolve',
    title: 'Resolve a name to an item',
    description: 'Which documented item a name refers to, given an optional context (a module, or a workspace file whose imports are taken into account). Returns the best id and the alternatives.',
    group: 'docs',
    inputSchema: DocsResolveInput,
    outputSchema: DocsResolveOutput,
    annotations: readOnly,
    handler: docsResolve,
    render: renderDocsResolve,
  }),
  defineTool({
    name: 'docs_examples',
    title: 'Get an item\'s examples',
    description: 'The code examples of an item (from its doc, and for Go from Example functions), each with runnable: true only when it parses without errors in its language\'s grammar.',
    group: 'docs',
    inputSchema: DocsExamplesInput,
    outputSchema: DocsExamplesOutput,
    annotations: readOnly,
    handler: docsExamples,
    render: renderDocsExamples,
  }),
  defineTool({
    name: 'docs_related',
    title: 'Find related items',
    description: 'Items related to one item, with a reason (see_also, implements, similar_signature, same_module) and a relevance from 0 to 1.',
    group: 'docs',
    inputSchema: DocsRelatedInput,
    outputSchema: DocsRelatedOutput,
    annotations: readOnly,
    handler: docsRelated,
    render: renderDocsRelated,
  }),
  defineTool({
    name: 'index_status',
    title: 'Docs index status',
    description: 'Where the docs index stands: ready, indexing (answers may be partial) or unavailable; file and item counts per language, skipped files, pending work. With wait: true, waits for indexing to finish while sending progress notifications.',
    group: 'docs',
    inputSchema: IndexStatusInput,
    outputSchema: IndexStatusOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: indexStatus,
    render: renderIndexStatus,
  }),
];
