/**
 * The documentation model: what extraction produces for every declaration, in every language,
 * and what the index stores and the docs_* tools return. One shape for all languages, so that
 * search, ranking and rendering never branch on the language.
 */

export type LanguageId = 'typescript' | 'tsx' | 'javascript' | 'python' | 'c' | 'cpp' | 'rust' | 'go' | 'java';

export type ItemKind =
  | 'module'
  | 'namespace'
  | 'class'
  | 'interface'
  | 'struct'
  | 'union'
  | 'enum'
  | 'enum_member'
  | 'trait'
  | 'impl'
  | 'type'
  | 'function'
  | 'method'
  | 'constructor'
  | 'property'
  | 'field'
  | 'variable'
  | 'constant'
  | 'macro'
  | 'example';

export const ITEM_KINDS: readonly ItemKind[] = [
  'module', 'namespace', 'class', 'interface', 'struct', 'union', 'enum', 'enum_member', 'trait', 'impl', 'type',
  'function', 'method', 'constructor', 'property', 'field', 'variable', 'constant', 'macro', 'example',
];

export type Visibility = 'public' | 'protected' | 'private' | 'internal';

export interface DocParam {
  name: string;
  type: string | null;
  doc: string | null;
  optional?: boolean;
  default?: string | null;
}

export interface DocReturns {
  type: string | null;
  doc: string | null;
}

export interface DocThrows {
  type: string | null;
  doc: string | null;
}

export interface DocExample {
  code: string;
  description: string | null;
  language: string;
}

export interface DocLocation {
  /** Path relative to the workspace root, forward slashes. */
  file: string;
  /** 1-based first line of the declaration (not of its doc comment). */
  line: number;
  end_line: number;
}

/** One documented (or at least declared) item. */
export interface DocItem {
  /** Qualified name in the language's own notation: `pkg.mod.Class.method`, `ns::Type::f`, `_.debounce`. */
  id: string;
  kind: ItemKind;
  name: string;
  /** The containing module in the language's notation (`json.decoder`, `core::iter`, `lodash`). */
  module: string;
  visibility: Visibility;
  language: LanguageId;
  /** The declaration header as written, on one line where it fits. */
  signature: string;
  /** First sentence of the doc, plain text; '' when undocumented. */
  summary: string;
  /** Full documentation as Markdown, with structured tags removed (they are in the fields below). */
  doc: string;
  params: DocParam[];
  returns: DocReturns | null;
  throws: DocThrows[];
  examples: DocExample[];
  see_also: string[];
  deprecated: string | null;
  since: string | null;
  location: DocLocation;
  /** Qualified name of the enclosing item (class for a method), or null. */
  parent: string | null;
  /** Types this item extends or implements (class bases, trait impls), as written. */
  implements: string[];
  /** Remaining tags worth keeping (`category`, `author`, `template`, …). */
  tags: Record<string, string>;
}

/** What extraction returns for one file. */
export interface FileExtract {
  language: LanguageId;
  /** The module this file defines, and its module-level doc. */
  module: { name: string; doc: string; summary: string; examples?: DocExample[]; deprecated?: string };
  items: DocItem[];
  /** Modules/paths this file imports, as written (used to resolve names in context). */
  imports: string[];
  /** Parse problems worth reporting (the tree had errors); extraction still returns what it found. */
  errors: number;
  /** Names this file makes public under another path (a package re-exporting its submodules' names). */
  reexports?: Reexport[];
}

/**
 * `public` is the id users write, `target` the defining id; a trailing `.*` on both means every
 * name of the target module (`from .tasks import *`, `export * from './x'`, `pub use x::*`).
 */
export interface Reexport {
  public: string;
  target: string;
}
