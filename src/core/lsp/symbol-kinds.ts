import { SymbolKind } from 'vscode-languageserver-protocol';

/**
 * Readable names for LSP symbol kinds, shared by every symbols tool, plus `typedef`, which
 * LSP lacks: clangd reports `typedef`/`using X =` and TypeScript reports `type X =` as classes
 * or variables, so kindName() looks at the declaration's source line to tell them apart.
 */
export const SYMBOL_KIND_NAMES = [
  'file', 'module', 'namespace', 'package', 'class', 'method', 'property', 'field', 'constructor', 'enum',
  'interface', 'function', 'variable', 'constant', 'string', 'number', 'boolean', 'array', 'object', 'key',
  'null', 'enum_member', 'struct', 'event', 'operator', 'type_parameter', 'typedef',
] as const;

export type SymbolKindName = (typeof SYMBOL_KIND_NAMES)[number];

const BY_NUMBER: Record<number, SymbolKindName> = {
  [SymbolKind.File]: 'file',
  [SymbolKind.Module]: 'module',
  [SymbolKind.Namespace]: 'namespace',
  [SymbolKind.Package]: 'package',
  [SymbolKind.Class]: 'class',
  [SymbolKind.Method]: 'method',
  [SymbolKind.Property]: 'property',
  [SymbolKind.Field]: 'field',
  [SymbolKind.Constructor]: 'constructor',
  [SymbolKind.Enum]: 'enum',
  [SymbolKind.Interface]: 'interface',
  [SymbolKind.Function]: 'function',
  [SymbolKind.Variable]: 'variable',
  [SymbolKind.Constant]: 'constant',
  [SymbolKind.String]: 'string',
  [SymbolKind.Number]: 'number',
  [SymbolKind.Boolean]: 'boolean',
  [SymbolKind.Array]: 'array',
  [SymbolKind.Object]: 'object',
  [SymbolKind.Key]: 'key',
  [SymbolKind.Null]: 'null',
  [SymbolKind.EnumMember]: 'enum_member',
  [SymbolKind.Struct]: 'struct',
  [SymbolKind.Event]: 'event',
  [SymbolKind.Operator]: 'operator',
  [SymbolKind.TypeParameter]: 'type_parameter',
};

/** Every SymbolKind number, for the client capabilities' valueSet. */
export const ALL_SYMBOL_KINDS: SymbolKind[] = Object.keys(BY_NUMBER).map(Number) as SymbolKind[];

/** Every alias form below starts with one of these words. */
const ALIAS_WORD = /\b(typedef|using|type)\b/;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The readable kind of a symbol. `linePreview` (the declaration's source line) refines
 * class/variable/struct kinds into `typedef` when the line declares a type alias of `name`.
 */
export function kindName(kind: SymbolKind | number, name?: string, linePreview?: string): SymbolKindName {
  const base = BY_NUMBER[kind] ?? 'variable';
  if (name && linePreview && (base === 'class' || base === 'struct' || base === 'variable' || base === 'interface')) {
    // Most lines declare no alias at all: say so without compiling a pattern for the name (a
    // search renders a hundred results).
    if (!ALIAS_WORD.test(linePreview)) return base;
    const n = escapeRegExp(name.split(/::|\./).pop() ?? name);
    const alias = new RegExp(`\\btypedef\\b.*\\b${n}\\b|\\busing\\s+${n}\\s*=|\\btype\\s+${n}\\b(\\s*<[^>]*>)?\\s*=`);
    if (alias.test(linePreview)) return 'typedef';
  }
  return base;
}
