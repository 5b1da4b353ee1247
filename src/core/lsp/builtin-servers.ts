import { findCompileCommandsDir, mirrorCompileDb } from './compile-db.js';
import { npmPackageVersion, packageVersionOf, resolveNodeServer, resolveProgram, which, userToolDirs, npmBin, asCommand } from './resolve-command.js';
import type { ServerSpec } from './server-spec.js';

/**
 * The language servers docent knows out of the box. Each says where its program comes from
 * and how to install it; docent.config.json (`lsp.servers`) can override any field or add
 * servers for other languages.
 */

export interface BuiltinOptions {
  /** lsp.compileCommandsDir: where compile_commands.json is, relative to the project root. */
  compileCommandsDir?: string;
  /** docent's cache directory; clangd's index goes below it rather than into the user's tree. */
  cacheDir?: string;
}

/**
 * clangd returns at most this many workspace symbols. Its own default (100) would make
 * `total_matches` meaningless; unlimited could return hundreds of thousands for a one-letter
 * query on a large tree. search_symbols says when the cap was reached.
 */
export const CLANGD_RESULT_LIMIT = 5000;

function clangd(opts: BuiltinOptions): ServerSpec {
  return {
    id: 'clangd',
    languages: ['c', 'cpp', 'objective-c', 'objective-cpp', 'cuda-cpp'],
    extensions: ['.c', '.h', '.cc', '.cpp', '.cxx', '.c++', '.hh', '.hpp', '.hxx', '.h++', '.inl', '.ipp', '.tpp', '.m', '.mm', '.cu'],
    rootMarkers: [
      '.clangd',
      'compile_commands.json',
      'compile_flags.txt',
      'build/compile_commands.json',
      'out/compile_commands.json',
      'cmake-build-*/compile_commands.json',
    ],
    separator: '::',
    install: 'apt-get install clangd (or your platform\'s clangd package, or an LLVM release)',
    builtin: true,
    settleMs: 1500,
    maxOpenDocuments: 12,
    parsesOnOpen: true,
    diagnostics: { ignoreIndexing: true },
    resolve: () => resolveProgram('clangd') ?? newestVersioned('clangd'),
    launch(cmd, root) {
      const dir = findCompileCommandsDir(root, opts.compileCommandsDir);
      const args = [...cmd.prefixArgs, '--background-index', `--limit-results=${CLANGD_RESULT_LIMIT}`, '--header-insertion=never', '--log=error'];
      if (dir) args.push(`--compile-commands-dir=${(opts.cacheDir && mirrorCompileDb(dir, opts.cacheDir)) || dir}`);
      return { command: cmd.command, args, display: cmd.display };
    },
  };
}

/** clangd-17, clangd-16, … when only a versioned binary is installed. */
function newestVersioned(base: string) {
  for (let v = 25; v >= 10; v--) {
    const found = which(`${base}-${v}`);
    if (found) return { command: found, prefixArgs: [], display: found };
  }
  return undefined;
}

/** TypeScript 7 ships a native server as `tsc --lsp --stdio`; older versions use typescript-language-server. */
function typescriptServer(): ServerSpec {
  const tsMajor = Number((npmPackageVersion('typescript') ?? '0').split('.')[0]);
  const native = tsMajor >= 7;
  return {
    id: 'typescript',
    languages: ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'],
    extensions: ['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx'],
    rootMarkers: ['tsconfig.json', 'jsconfig.json', 'package.json'],
    separator: '.',
    install: 'npm i -g typescript-language-server typescript',
    builtin: true,
    settleMs: 1000,
    symbolSearchFollowsLastFile: !native,
    diagnostics: native ? undefined : { via: 'tsserver' },
    projectLoad: native
      ? undefined
      : (anchor) => ({ method: 'workspace/executeCommand', params: { command: 'typescript.tsserverRequest', arguments: ['projectInfo', { file: anchor, needFileNameList: false }] } }),
    resolve() {
      if (native) {
        const tsc = npmBin('typescript', 'tsc');
        if (tsc) return asCommand(tsc);
      }
      return resolveNodeServer('typescript-language-server', 'typescript-language-server');
    },
    launch(cmd) {
      if (native && /\btsc(\.js)?$/.test(cmd.display)) {
        return { command: cmd.command, args: [...cmd.prefixArgs, '--lsp', '--stdio'], display: `${cmd.display} --lsp` };
      }
      return {
        command: cmd.command,
        args: [...cmd.prefixArgs, '--stdio'],
        display: cmd.display,
        initializationOptions: { hostInfo: 'docent', preferences: { includeCompletionsForModuleExports: false, providePrefixAndSuffixTextForRename: false }, tsserver: { logVerbosity: 'off' } },
      };
    },
    version: async (cmd) => packageVersionOf(cmd.prefixArgs[0] ?? cmd.command),
  };
}

function pyright(): ServerSpec {
  return {
    id: 'pyright',
    languages: ['python'],
    extensions: ['.py', '.pyi'],
    rootMarkers: ['pyrightconfig.json', 'pyproject.toml', 'setup.py', 'setup.cfg'],
    separator: '.',
    install: 'npm i -g pyright',
    builtin: true,
    settleMs: 300,
    // The first hover in a file it has not opened checks that file: 0.5-1 s for a long test script.
    parsesOnOpen: true,
    // pyright reports no progress while it finds the project's files; it logs this when done.
    readyLogPattern: /Found \d+ source files?|No source files found/,
    resolve: () => resolveNodeServer('pyright', 'pyright-langserver'),
    launch: (cmd) => ({
      command: cmd.command,
      args: [...cmd.prefixArgs, '--stdio'],
      display: cmd.display,
      // Check only open files: docent asks questions, it does not need workspace diagnostics.
      settings: { python: { analysis: { diagnosticMode: 'openFilesOnly', autoSearchPaths: true, useLibraryCodeForTypes: true } } },
    }),
    // pyright-langserver has no --version; the package it ships in does.
    version: async (cmd) => packageVersionOf(cmd.prefixArgs[0] ?? cmd.command),
  };
}

function rustAnalyzer(): ServerSpec {
  return {
    id: 'rust-analyzer',
    languages: ['rust'],
    extensions: ['.rs'],
    // Cargo.lock sits at the workspace root; member crates only have a Cargo.toml.
    rootMarkers: ['Cargo.lock', 'Cargo.toml', 'rust-project.json'],
    separator: '::',
    install: 'rustup component add rust-analyzer',
    builtin: true,
    settleMs: 1500,
    resolve: () => resolveProgram('rust-analyzer'),
    launch: (cmd) => ({ command: cmd.command, args: cmd.prefixArgs, display: cmd.display }),
  };
}

function gopls(): ServerSpec {
  return {
    id: 'gopls',
    languages: ['go'],
    extensions: ['.go'],
    rootMarkers: ['go.work', 'go.mod'],
    separator: '.',
    install: 'go install golang.org/x/tools/gopls@latest',
    builtin: true,
    settleMs: 1000,
    resolve: () => resolveProgram('gopls'),
    launch: (cmd) => ({ command: cmd.command, args: [...cmd.prefixArgs, 'serve'], display: cmd.display }),
    versionArgs: ['version'],
  };
}

export function builtinServers(opts: BuiltinOptions = {}): ServerSpec[] {
  return [clangd(opts), typescriptServer(), pyright(), rustAnalyzer(), gopls()];
}

export { userToolDirs };
