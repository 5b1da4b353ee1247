import type { BuildAdapter, TestAdapter } from './adapter.js';
import { cargoBuild, cargoTestAdapter } from './cargo.js';
import { cmakeBuild, ctestAdapter } from './cmake.js';
import { goBuild, goTestAdapter } from './go.js';
import { jestAdapter } from './jest.js';
import { nodeBuild } from './node-build.js';
import { nodeTestAdapter } from './node-test.js';
import { pytestAdapter, pythonBuild } from './python.js';
import { unittestAdapter } from './unittest.js';
import type { ProjectKind, TestRunnerName } from './types.js';
import { vitestAdapter } from './vitest.js';

/** Which adapter drives each test runner and each kind of build. */
export const TEST_ADAPTERS: Partial<Record<TestRunnerName, TestAdapter>> = {
  vitest: vitestAdapter,
  pytest: pytestAdapter,
  // Through pytest when the interpreter has it; unittest's own verbose output otherwise.
  unittest: unittestAdapter,
  ctest: ctestAdapter,
  go: goTestAdapter,
  cargo: cargoTestAdapter,
  node: nodeTestAdapter,
  jest: jestAdapter,
};

export const BUILD_ADAPTERS: Partial<Record<ProjectKind, BuildAdapter>> = {
  python: pythonBuild,
  cmake: cmakeBuild,
  go: goBuild,
  cargo: cargoBuild,
  node: nodeBuild,
};
