import type { ExtractOptions, LanguageExtractor } from './context.js';
import { extractPythonFast } from './fast/python.js';
import { maskDeclarationMacros } from './lang/cpp-decoration-macros.js';
import { maskRequiresClauses } from './lang/cpp-requires-clauses.js';
import { maskLinkageBlocks } from './lang/c-linkage-blocks.js';
import { maskStatementMacros } from './lang/c-macros.js';
import { extractCpp } from './lang/cpp.js';
import { extractGo } from './lang/go.js';
import { extractJava } from './lang/java.js';
import { extractPython } from './lang/python.js';
import { addPythonAliases, pythonReexports } from './lang/python-public.js';
import { addPrivateBaseMembers } from './lang/python-private-bases.js';
import { applyDocAssignments, applyModuleDocImport } from './lang/python-doc-assignments.js';
import { addNewdocItems } from './lang/python-newdoc.js';
import { addListedVariables } from './lang/python-listed-variables.js';
import { addCAliases } from './lang/c-aliases.js';
import { classDocsFromConstructors } from './constructor-docs.js';
import { addModuleListings } from './module-listing.js';
import { applyModuleDeprecation } from './module-deprecation.js';
import { extractRust } from './lang/rust.js';
import { addMacroItems } from './lang/rust-macro-expand.js';
import { extractTypeScript } from './lang/typescript.js';
import { addDeclarationSourceDocs } from './lang/ts-declaration-sources.js';
import { parse } from './parser.js';
import type { DocItem, FileExtract, LanguageId } from './types.js';

/** Extraction of one file: parse with tree-sitter, hand the tree to the language's extractor. */

const EXTRACTORS: Record<LanguageId, LanguageExtractor> = {
  typescript: extractTypeScript,
  tsx: extractTypeScript,
  javascript: extractTypeScript,
  python: extractPython,
  c: extractCpp,
  cpp: extractCpp,
  rust: extractRust,
  go: extractGo,
  java: extractJava,
};

export async function extractSource(lang: LanguageId, source: string, opts: ExtractOptions): Promise<FileExtract> {
  if (lang === 'python' && opts.engine !== 'tree-sitter') {
    const fast = extractPythonFast(source, opts);
    if (fast) {
      applyModuleDeprecation(lang, fast, source);
      addModuleItem(fast, opts);
      classDocsFromConstructors(fast);
      addPublicPaths(lang, fast, source, opts, () => (opts.includePrivate ? fast.items : (extractPythonFast(source, { ...opts, includePrivate: true })?.items ?? [])));
      addModuleListings(fast);
      return fast;
    }
  }
  // C/C++: bare statement macros (`FOO_NAMESPACE_BEGIN`) are blanked so they cannot derail the grammar.
  if (lang === 'c' || lang === 'cpp') {
    const guarded = maskLinkageBlocks(source);
    source = maskStatementMacros(maskDeclarationMacros(lang === 'cpp' ? maskRequiresClauses(guarded) : guarded, lang === 'cpp'));
  }
  const tree = await parse(lang, source);
  try {
    const result = EXTRACTORS[lang](tree, source, opts, lang);
    if (lang === 'rust') await addMacroItems(tree, source, opts, result);
    applyModuleDeprecation(lang, result, source);
    addModuleItem(result, opts);
    classDocsFromConstructors(result);
    addPublicPaths(lang, result, source, opts, () => (opts.includePrivate ? result.items : EXTRACTORS[lang](tree, source, { ...opts, includePrivate: true }, lang).items));
    if (lang === 'typescript') await addDeclarationSourceDocs(result, source, opts);
    addModuleListings(result);
    return result;
  } finally {
    tree.delete();
  }
}

/** Names public under another path than their definition's: aliases (items) and re-exports (recorded). */
function addPublicPaths(lang: LanguageId, result: FileExtract, source: string, opts: ExtractOptions, extractPrivate: () => readonly DocItem[]): void {
  let kept: readonly DocItem[] | null = null;
  const privateItems = () => (kept ??= extractPrivate()); // a second extraction, at most once per file
  if (lang === 'c' || lang === 'cpp') addCAliases(result);
  if (lang === 'python') {
    applyDocAssignments(result, source, opts, privateItems);
    applyModuleDocImport(result, source, opts);
    addModuleItem(result, opts); // a module documented only by the import has its item now
    addNewdocItems(result, source, opts.file, opts.includePrivate);
    addPythonAliases(result, source, privateItems);
    const re = pythonReexports(source, result.module.name, opts.file);
    addListedVariables(result, source, opts.file, new Set(re.map((r) => r.public)));
    addPrivateBaseMembers(result, source, privateItems);
    if (re.length) result.reexports = re;
  }
}

/** The module itself is an item (kind `module`), so it can be searched, listed and fetched. */
function addModuleItem(result: FileExtract, opts: ExtractOptions): void {
  const m = result.module;
  // Only documented modules are items: an undocumented file-module adds nothing a listing does
  // not show. A deprecated one is documented by its deprecation, and the search needs its item
  // to know that the modules under it are deprecated too.
  if (!m.name || !(m.doc || m.deprecated)) return;
  if (result.items.some((i) => i.id === m.name && i.kind === 'module')) return;
  const item: DocItem = {
    id: m.name,
    kind: 'module',
    name: m.name.split(/::|\.|\//).filter(Boolean).pop() ?? m.name,
    module: m.name,
    visibility: 'public',
    language: result.language,
    signature: m.name,
    summary: m.summary,
    doc: m.doc || m.deprecated || '',
    params: [],
    returns: null,
    throws: [],
    examples: m.examples ?? [],
    see_also: [],
    deprecated: m.deprecated ?? null,
    since: null,
    location: { file: opts.file, line: 1, end_line: 1 },
    parent: null,
    implements: [],
    tags: {},
  };
  result.items.unshift(item);
}
