import type { ResolvedCommand } from './resolve-command.js';

/**
 * What docent knows about one kind of language server: which files it serves, how project
 * roots are recognised, how to find and start the program, and how to tell a user to install
 * it. Built-in specs live in builtin-servers.ts; docent.config.json adds or overrides them.
 */
export interface ServerLaunch {
  command: string;
  args: string[];
  display: string;
  initializationOptions?: unknown;
  settings?: unknown;
}

export interface ServerSpec {
  /** Stable id: "clangd", "typescript", "pyright", "rust-analyzer", "gopls", or a config key. */
  id: string;
  /** LSP language ids served. */
  languages: string[];
  /** Extensions with the dot (".cpp"), or globs on the file name ("*.proto"). */
  extensions: string[];
  /**
   * Files or directories marking a project root, in priority order: the nearest directory
   * holding the first marker wins; if no directory has it, the next marker is tried; with
   * none, the workspace root. A marker may be a path ("build/compile_commands.json") and its
   * first segment a glob ("cmake-build-*").
   */
  rootMarkers: string[];
  /** Separator of qualified names: "::" for C, C++ and Rust, "." elsewhere. */
  separator: '::' | '.';
  /** How to install the program, shown with E_NO_SERVER and in `docent doctor`. */
  install: string;
  /** The program, or undefined when it is not installed. */
  resolve(): ResolvedCommand | undefined;
  /** Full launch for one project root (arguments may depend on the root). */
  launch(cmd: ResolvedCommand, root: string): ServerLaunch;
  /** After a document is opened, how long without progress counts as "ready". */
  settleMs: number;
  builtin: boolean;
  /** Documents kept open at once; clangd holds an AST per open file, so it gets fewer. */
  maxOpenDocuments?: number;
  /**
   * The first request on a file the server does not hold open makes it parse and check that
   * file whole (clangd builds the translation unit's preamble and AST, seconds for a large one;
   * pyright checks the module), so no answer within a short budget can be expected for it:
   * search_symbols does not ask hover on such files for its details.
   */
  parsesOnOpen?: boolean;
  /**
   * workspace/symbol searches only the projects of the document used last (typescript-language-
   * server sends tsserver's navto with that file), so the anchor is touched right before it.
   */
  symbolSearchFollowsLastFile?: boolean;
  /** A window/logMessage meaning "project loaded", for servers that report no progress. */
  readyLogPattern?: RegExp;
  /**
   * A request that makes the server load the anchor's project before anything else is asked
   * (typescript-language-server's tsserver `projectInfo`: tsserver answers requests in order, and
   * this one loads the program). A cold server on a busy machine otherwise answers the first
   * hovers and definitions from a half-loaded project: nothing, or the wrong symbol.
   */
  projectLoad?(anchor: string): { method: string; params: unknown };
  /**
   * How diagnostics are taken when the server has no pull support (textDocument/diagnostic):
   * `via: 'tsserver'` asks tsserver synchronously through typescript-language-server (its
   * pushes carry no version); `ignoreIndexing` says a background index does not change a
   * file's diagnostics (clangd diagnoses from the file's own AST), so answers given while it
   * indexes are complete.
   */
  diagnostics?: { via?: 'tsserver'; ignoreIndexing?: boolean };
  /** Arguments that print the version (default ["--version"]). */
  versionArgs?: string[];
  /** The version, when no arguments print it. */
  version?(cmd: ResolvedCommand): Promise<string | undefined>;
}

/** languageId for didOpen, by extension. */
export const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  '.c': 'c',
  '.h': 'cpp',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.c++': 'cpp',
  '.hh': 'cpp',
  '.hpp': 'cpp',
  '.hxx': 'cpp',
  '.h++': 'cpp',
  '.inl': 'cpp',
  '.ipp': 'cpp',
  '.tpp': 'cpp',
  '.m': 'objective-c',
  '.mm': 'objective-cpp',
  '.cu': 'cuda-cpp',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
  '.py': 'python',
  '.pyi': 'python',
  '.rs': 'rust',
  '.go': 'go',
};
