import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Project, ProjectKind, TestRunnerName } from './types.js';

/**
 * Finding a root's builds and tests from its files: package.json scripts and dependencies,
 * CMakeLists.txt (with ctest/GoogleTest), pyproject.toml / setup.cfg / tox.ini / pytest.ini,
 * Cargo.toml and go.mod, at the root and in subprojects a few levels down (monorepos). Nothing
 * is run here; what is found decides the only commands docent will run.
 */

/** Directories that never hold a project of their own (dependencies, outputs, caches). */
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', 'out', 'target', 'vendor', '__pycache__', 'venv', 'env', 'site-packages', 'coverage', 'bazel-out', 'third_party', 'external']);

const MAX_DEPTH = 3;

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: unknown;
}

function detectNode(dir: string, names: Set<string>): Omit<Project, 'root' | 'rel' | 'dir'> | null {
  if (!names.has('package.json')) return null;
  let pkg: PackageJson;
  try {
    pkg = JSON.parse(readText(path.join(dir, 'package.json')) ?? '{}') as PackageJson;
  } catch {
    return null;
  }
  const scripts = pkg.scripts ?? {};
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const testScript = scripts.test ?? '';
  const evidence = ['package.json'];
  let runner: TestRunnerName | null = null;
  if (/\bvitest\b/.test(testScript)) runner = 'vitest';
  else if (/\bjest\b/.test(testScript)) runner = 'jest';
  else if (/\bnode\b[^&|;]*--test\b/.test(testScript)) runner = 'node';
  else if ('vitest' in deps) runner = 'vitest';
  else if ('jest' in deps) runner = 'jest';
  const meta: Record<string, string> = {};
  if (testScript) meta.test_script = testScript;
  if (scripts.build) meta.build_script = scripts.build;
  if (scripts.clean) meta.clean_script = scripts.clean;
  const tsconfig = names.has('tsconfig.json');
  if (tsconfig) {
    evidence.push('tsconfig.json');
    meta.tsconfig = 'tsconfig.json';
  }
  const build = scripts.build ? 'npm run build' : tsconfig ? 'tsc' : null;
  if (!runner && !build) return null;
  return { kind: 'node', runner, build, evidence, meta };
}

function detectPython(dir: string, names: Set<string>): Omit<Project, 'root' | 'rel' | 'dir'> | null {
  const configs = ['pyproject.toml', 'setup.cfg', 'tox.ini', 'pytest.ini', 'setup.py', 'conftest.py'].filter((n) => names.has(n));
  if (!configs.length) return null;
  const text = configs.map((c) => readText(path.join(dir, c)) ?? '').join('\n');
  const pytest = names.has('pytest.ini') || names.has('conftest.py') || /\[tool\.pytest|\[tool:pytest\]|^\[pytest\]|\bpytest\b/m.test(text);
  return { kind: 'python', runner: pytest ? 'pytest' : 'unittest', build: 'compileall', evidence: configs, meta: {} };
}

function detectCmake(dir: string, names: Set<string>): Omit<Project, 'root' | 'rel' | 'dir'> | null {
  if (!names.has('CMakeLists.txt')) return null;
  const text = readText(path.join(dir, 'CMakeLists.txt')) ?? '';
  // Tests are often declared in a subdirectory the top file adds (add_subdirectory(test)).
  const tests =
    /\benable_testing\s*\(|\badd_test\s*\(|include\s*\(\s*CTest\s*\)|gtest_discover_tests|gtest_add_tests|\bBUILD_TESTING\b|add_subdirectory\s*\(\s*"?(?:\$\{[A-Z_]+\}\/)?tests?\b/i.test(text);
  const meta: Record<string, string> = {};
  if (/gtest/i.test(text)) meta.gtest = 'yes';
  return { kind: 'cmake', runner: tests ? 'ctest' : null, build: 'cmake', evidence: ['CMakeLists.txt'], meta };
}

function detectGo(_dir: string, names: Set<string>): Omit<Project, 'root' | 'rel' | 'dir'> | null {
  if (!names.has('go.mod')) return null;
  return { kind: 'go', runner: 'go', build: 'go build', evidence: ['go.mod'], meta: {} };
}

function detectCargo(_dir: string, names: Set<string>): Omit<Project, 'root' | 'rel' | 'dir'> | null {
  if (!names.has('Cargo.toml')) return null;
  return { kind: 'cargo', runner: 'cargo', build: 'cargo build', evidence: ['Cargo.toml'], meta: {} };
}

const DETECTORS = [detectNode, detectPython, detectCmake, detectGo, detectCargo];

/** Kinds whose subdirectories belong to the outer project (a CMake subdirectory, a Cargo workspace member). */
const OWNS_SUBDIRS = new Set<ProjectKind>(['cmake', 'cargo']);

/** Every project under `root`, the root's own first, then subprojects in path order. */
export function detectProjects(root: string): Project[] {
  const found: Project[] = [];
  const visit = (dir: string, depth: number, owned: Set<ProjectKind>) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
    const here = new Set(owned);
    for (const detect of DETECTORS) {
      const p = detect(dir, names);
      if (!p || owned.has(p.kind)) continue;
      found.push({ ...p, dir, root, rel: path.relative(root, dir) });
      if (OWNS_SUBDIRS.has(p.kind)) here.add(p.kind);
    }
    if (depth >= MAX_DEPTH) return;
    for (const e of entries.filter((x) => x.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
      visit(path.join(dir, e.name), depth + 1, here);
    }
  };
  if (existsSync(root)) visit(root, 0, new Set());
  return found;
}
