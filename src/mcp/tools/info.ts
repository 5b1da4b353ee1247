import { InfoListManualsInput, InfoListManualsOutput, infoListManuals, renderInfoListManuals } from '../../features/info/list-manuals.js';
import { InfoLookupSymbolInput, InfoLookupSymbolOutput, infoLookupSymbol, renderInfoLookupSymbol } from '../../features/info/lookup-symbol.js';
import { InfoReadNodeInput, InfoReadNodeOutput, infoReadNode, renderInfoReadNode } from '../../features/info/read-node.js';
import { InfoSearchInput, InfoSearchOutput, infoSearch, renderInfoSearch } from '../../features/info/search.js';
import { defineTool, type AnyTool } from '../tool.js';

const readOnly = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/** The info tools; each calls a function in src/features/info/. */
export const infoTools: AnyTool[] = [
  defineTool({
    name: 'info_lookup_symbol',
    title: 'Look up a symbol in an Info manual',
    description:
      'Look up an Emacs Lisp symbol (or any index term) in the GNU Info manuals, as Emacs\'s info-lookup-symbol does, and return the complete Info node: ' +
      'found, symbol, node, manual, content (whole node, *note X:: shown as [See: X]), info-ref like "(elisp)Defining Functions", line, definition (the " -- Function: …" block) and every other index match. ' +
      'Works for functions, macros, special forms, variables (car, mapcar, defun, when, load-path) and concepts ("lexical binding"). ' +
      'manual defaults to "elisp"; any installed manual works (e.g. "coreutils" for "sort"). Not found returns found: false with suggestions. Page long nodes with max_chars/offset.',
    group: 'info',
    inputSchema: InfoLookupSymbolInput,
    outputSchema: InfoLookupSymbolOutput,
    annotations: readOnly,
    handler: infoLookupSymbol,
    render: renderInfoLookupSymbol,
  }),
  defineTool({
    name: 'info_search',
    title: 'Search Info manual indexes',
    description:
      'Search index entries and node names across the installed Info manuals (or the ones given), ranked exact, then prefix, then whole word, then substring and fuzzy. ' +
      'Each result has an info-ref to pass to info_read_node.',
    group: 'info',
    inputSchema: InfoSearchInput,
    outputSchema: InfoSearchOutput,
    annotations: readOnly,
    handler: infoSearch,
    render: renderInfoSearch,
  }),
  defineTool({
    name: 'info_read_node',
    title: 'Read an Info node',
    description:
      'Read one node of an Info manual by name ("Mapping Functions" with manual "elisp", or "(elisp)Mapping Functions"): its text plus next/prev/up, menu[] and xrefs[] so you can follow "See also". Page with offset/max_chars.',
    group: 'info',
    inputSchema: InfoReadNodeInput,
    outputSchema: InfoReadNodeOutput,
    annotations: readOnly,
    handler: infoReadNode,
    render: renderInfoReadNode,
  }),
  defineTool({
    name: 'info_list_manuals',
    title: 'List Info manuals',
    description: 'List the GNU Info manuals docent can read (INFOPATH, --info-dir, /usr/share/info and subfolders): name, title, file, node count and index-entry count.',
    group: 'info',
    inputSchema: InfoListManualsInput,
    outputSchema: InfoListManualsOutput,
    annotations: readOnly,
    handler: infoListManuals,
    render: renderInfoListManuals,
  }),
];
