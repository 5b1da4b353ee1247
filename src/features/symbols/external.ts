import path from 'node:path';
import { findCompileCommandsDir, loadCompileDb, type CompileDb } from '../../core/lsp/compile-db.js';
import type { Workspace } from '../../core/workspace/workspace.js';

/**
 * include_external: false keeps only the project's own symbols. A symbol's file is external
 * when it lies outside every workspace root; inside a dependency or build directory
 * (node_modules, site-packages, vendor, build, …); a generated file; or, for C and C++, a
 * source file that compile_commands.json does not compile (headers under the root are
 * project headers). A file the compilation database lists is always the project's own.
 */

const DEPENDENCY_DIRS = new Set(['node_modules', 'bower_components', 'site-packages', 'dist-packages', '.venv', 'venv', '__pycache__', 'vendor', 'third_party', 'third-party', 'thirdparty', '_deps']);
const BUILD_DIRS = new Set(['build', 'out', 'dist', 'target', 'CMakeFiles', '.cache', '.next', '.nuxt', 'coverage', '.tox']);
const GENERATED = /(\.pb\.(h|cc)|_pb2(_grpc)?\.pyi?|\.generated\.\w+|\.g\.dart)$|^(moc|ui|qrc)_[^/]*$/;
const HEADER = /\.(h|hh|hpp|hxx|h\+\+|inl|ipp|tpp|inc)$/i;
const C_FAMILY = /\.(c|cc|cpp|cxx|c\+\+|m|mm|cu)$/i;

export interface Classification {
  external: boolean;
  reason?: 'outside_workspace' | 'dependency' | 'build_output' | 'generated' | 'not_in_compile_commands';
}

export class ExternalClassifier {
  private readonly dbs = new Map<string, CompileDb | undefined>();

  constructor(
    private readonly workspace: Workspace,
    private readonly compileCommandsDir?: string,
  ) {}

  /** The compilation database for a clangd project root, if any. */
  compileDb(projectRoot: string): CompileDb | undefined {
    if (!this.dbs.has(projectRoot)) {
      const dir = findCompileCommandsDir(projectRoot, this.compileCommandsDir);
      this.dbs.set(projectRoot, dir ? loadCompileDb(dir) : undefined);
    }
    return this.dbs.get(projectRoot);
  }

  /** `cFamilyRoot` is the clangd project root when the symbol came from clangd. */
  classify(file: string, cFamilyRoot?: string): Classification {
    const wsRoot = this.workspace.rootOf(file);
    if (!wsRoot) return { external: true, reason: 'outside_workspace' };
    const db = cFamilyRoot ? this.compileDb(cFamilyRoot) : undefined;
    if (db?.files.has(file)) return { external: false };
    const segments = path.relative(wsRoot, file).split(path.sep);
    const base = segments.pop()!;
    if (db && isWithinDir(db.dir, file) && db.dir !== wsRoot) return { external: true, reason: 'build_output' };
    for (const s of segments) {
      if (DEPENDENCY_DIRS.has(s)) return { external: true, reason: 'dependency' };
      if (BUILD_DIRS.has(s) || s.startsWith('cmake-build-') || s.startsWith('bazel-')) return { external: true, reason: 'build_output' };
    }
    if (GENERATED.test(base)) return { external: true, reason: 'generated' };
    if (db && C_FAMILY.test(base) && !HEADER.test(base)) return { external: true, reason: 'not_in_compile_commands' };
    return { external: false };
  }
}

function isWithinDir(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
