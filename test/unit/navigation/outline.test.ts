import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-protocol';
import { describe, expect, it } from 'vitest';
import { buildOutline, findInOutline, flattenOutline } from '../../../src/core/lsp/navigation.js';
import { findOccurrences } from '../../../src/core/lsp/occurrences.js';
import type { LanguageServer } from '../../../src/core/lsp/language-server.js';
import { fromDocumentSymbols } from '../../../src/features/symbols/collect.js';
import { parseQuery } from '../../../src/features/symbols/query.js';

const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 5 } });
const sym = (name: string, kind: SymbolKind, line: number, children: DocumentSymbol[] = []): DocumentSymbol => ({ name, kind, range: at(line), selectionRange: at(line), children });

// What clangd 14 answers for a header that opens its namespaces with a macro
// (`#define APP_BEGIN namespace app { inline namespace v2 {`): the expansion is a node of kind
// Null holding the namespaces, as in fmt/core.h and nlohmann/json.hpp.
const header = [
  sym('APP_BEGIN', SymbolKind.Null, 6, [
    sym('app', SymbolKind.Namespace, 6, [
      sym('v2', SymbolKind.Namespace, 6, [sym('trim', SymbolKind.Function, 9), sym('Counter', SymbolKind.Class, 12, [sym('bump', SymbolKind.Method, 15)])]),
    ]),
  ]),
  sym('Other', SymbolKind.Class, 20, [sym('bump', SymbolKind.Method, 21)]),
];

describe('outlines with macro expansions and inline namespaces', () => {
  it('a macro expansion (kind Null) is not a scope in qualified names', () => {
    const names = flattenOutline(buildOutline(header, '::')).map((n) => n.qualifiedName);
    expect(names).toEqual(['APP_BEGIN', 'app', 'app::v2', 'app::v2::trim', 'app::v2::Counter', 'app::v2::Counter::bump', 'Other', 'Other::bump']);
  });

  it('a path without an inline namespace still matches, skipping namespaces only', () => {
    const outline = buildOutline(header, '::');
    expect(findInOutline(outline, ['app', 'Counter', 'bump']).map((n) => n.qualifiedName)).toEqual(['app::v2::Counter::bump']);
    expect(findInOutline(outline, ['app', 'trim']).map((n) => n.qualifiedName)).toEqual(['app::v2::trim']);
    // Exact matches win; a class is never skipped.
    expect(findInOutline(outline, ['v2', 'trim']).map((n) => n.qualifiedName)).toEqual(['app::v2::trim']);
    expect(findInOutline(outline, ['app', 'bump'])).toEqual([]);
    expect(findInOutline(outline, ['bump']).map((n) => n.qualifiedName)).toEqual(['app::v2::Counter::bump', 'Other::bump']);
  });

  it('skips as few namespaces as it can: one inline namespace rather than a detail namespace two levels down', () => {
    const outline = buildOutline(
      [
        sym('lib', SymbolKind.Namespace, 1, [
          sym('detail', SymbolKind.Namespace, 2, [sym('impl', SymbolKind.Namespace, 3, [sym('parse', SymbolKind.Function, 4)])]),
          sym('v3', SymbolKind.Namespace, 6, [sym('parse', SymbolKind.Function, 7)]),
        ]),
      ],
      '::',
    );
    expect(findInOutline(outline, ['lib', 'parse']).map((n) => n.qualifiedName)).toEqual(['lib::v3::parse']);
  });

  it('search_symbols over files: no macro name in qualified names', () => {
    const server = { spec: { separator: '::' } } as unknown as LanguageServer;
    const found = fromDocumentSymbols(header, '/x/util.hpp', server, parseQuery('bump'));
    expect(found.map((c) => c.qualifiedName)).toEqual(['app::v2::Counter::bump', 'Other::bump']);
    expect(fromDocumentSymbols(header, '/x/util.hpp', server, parseQuery('Counter::bump')).map((c) => c.qualifiedName)).toEqual(['app::v2::Counter::bump']);
  });
});

describe('renamed imports', () => {
  it('flags `orig as name` in Python and TypeScript imports, not `* as ns` or uses', () => {
    const py = 'from m import dumps as to_text, loads\nimport numpy as np\nto_text(1)\n';
    expect(findOccurrences(py, 'to_text', 'python').code.map((o) => o.aliasOf)).toEqual(['dumps', undefined]);
    expect(findOccurrences(py, 'np', 'python').code.map((o) => o.aliasOf)).toEqual(['numpy']);
    const ts = "import { type Server as HttpServer, x } from 'node:http';\nimport * as path from 'node:path';\nconst s: HttpServer = x;\n";
    expect(findOccurrences(ts, 'HttpServer', 'js').code.map((o) => o.aliasOf)).toEqual(['Server', undefined]);
    expect(findOccurrences(ts, 'path', 'js').code.map((o) => o.aliasOf)).toEqual([undefined]);
  });

  it('reads an original name of any length', () => {
    const long = 'create_the_default_configuration_for_every_registered_plugin_in_the_workspace';
    const py = `from plugins.setup import (\n    ${long} as make_defaults,\n)\nmake_defaults()\n`;
    expect(findOccurrences(py, 'make_defaults', 'python').code.map((o) => o.aliasOf)).toEqual([long, undefined]);
  });
});
