import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocentConfigInput } from '../../../src/core/config/schema.js';
import {
  DocumentSymbolsInput,
  FindDefinitionInput,
  FindReferencesInput,
  HoverInput,
  SymbolDocInput,
  documentSymbols,
  findDefinition,
  findReferences,
  getSymbolDocumentation,
  hover,
} from '../../../src/features/navigation/index.js';
import { makeContext } from '../symbols/helpers.js';

export const NAV_FIXTURES = path.resolve(__dirname, '../../fixtures/navigation');

/**
 * Copy a navigation fixture into a fresh temp directory (outside the repository, so nothing
 * counts as a build directory), installing its third-party packages: `vendor/<pkg>` becomes
 * `node_modules/<pkg>` and `site-packages/<pkg>` goes into a `.venv` pyright finds. Both are
 * kept under other names in git because node_modules and virtualenvs are never committed.
 */
export function materialize(name: string): { root: string; cleanup: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), `docent-nav-${name}-`));
  cpSync(path.join(NAV_FIXTURES, name), root, { recursive: true });
  const vendor = path.join(root, 'vendor');
  try {
    cpSync(vendor, path.join(root, 'node_modules'), { recursive: true });
    rmSync(vendor, { recursive: true, force: true });
  } catch {
    // no npm packages in this fixture
  }
  const site = path.join(root, 'site-packages');
  try {
    const dest = path.join(root, '.venv', 'lib', 'python3.11', 'site-packages');
    mkdirSync(dest, { recursive: true });
    cpSync(site, dest, { recursive: true });
    rmSync(site, { recursive: true, force: true });
  } catch {
    // no Python packages in this fixture
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A context over `root` with the navigation features bound to it. */
export function navContext(root: string, config: DocentConfigInput = {}) {
  const env = makeContext([root], config);
  const { ctx } = env;
  return {
    ...env,
    doc: (i: Record<string, unknown>) => getSymbolDocumentation(SymbolDocInput.parse(i), ctx),
    definition: (i: Record<string, unknown>) => findDefinition(FindDefinitionInput.parse(i), ctx),
    references: (i: Record<string, unknown>) => findReferences(FindReferencesInput.parse(i), ctx),
    hover: (i: Record<string, unknown>) => hover(HoverInput.parse(i), ctx),
    outline: (i: Record<string, unknown>) => documentSymbols(DocumentSymbolsInput.parse(i), ctx),
  };
}
