import type { Tree } from 'web-tree-sitter';
import type { DocItem, FileExtract, LanguageId } from './types.js';

/** What every language extractor is given, and the shape it fills in. */

export interface ProjectHints {
  /** Go: the module path from go.mod at the root (`example.com/proj`). */
  goModule?: string;
  /** Go: the modules a go.work at the root uses, by folder (`api` → `example.com/api`): a file below one is named from it. */
  goModules?: readonly { dir: string; module: string }[];
  /** Rust: the crate name from Cargo.toml at the root. */
  rustCrate?: string;
  /** Python: folders below the root holding a project of their own in the src layout (`libs/other` with `pyproject.toml` and `src/`): their `src/` is an import root. */
  pythonSrcRoots?: readonly string[];
  /** Rust: a Cargo workspace's member crates by folder (`crates/alpha` → `alpha_core`): a file below one is named from it. */
  rustCrates?: readonly { dir: string; crate: string }[];
}

export interface ExtractOptions {
  /** Path relative to the workspace root, forward slashes. */
  file: string;
  /** Include private/internal items (config `index.private`). */
  includePrivate: boolean;
  project?: ProjectHints;
  /** The module's name when the path does not say it (a built-in module described by its interpreter). */
  module?: string;
  /** `fast` (default) uses a lexical extractor where one exists (Python), falling back to tree-sitter. */
  engine?: 'fast' | 'tree-sitter';
  /**
   * Another file of the same tree by its root-relative path, or null: for what a file takes from
   * a sibling module at extraction time (Python's `f.__doc__ = other.g.__doc__`).
   */
  readSource?: (file: string) => string | null;
}

export interface LanguageExtractor {
  (tree: Tree, source: string, opts: ExtractOptions, lang: LanguageId): FileExtract;
}

/** Collects items; drops private ones unless asked for them, keeping the count. */
export class ItemSink {
  readonly items: DocItem[] = [];
  hidden = 0;
  constructor(private readonly includePrivate: boolean) {}

  /** Whether an item of this visibility would be kept (extractors skip documenting the rest). */
  keeps(visibility: DocItem['visibility']): boolean {
    return this.includePrivate || (visibility !== 'private' && visibility !== 'internal');
  }

  add(item: DocItem): void {
    if (!this.keeps(item.visibility)) {
      this.hidden++;
      return;
    }
    this.items.push(item);
  }
}
