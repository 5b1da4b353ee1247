import { DocentError } from '../core/errors.js';
import type { FeatureContext } from './context.js';

/**
 * The one rule for tools that execute project code (build, test_list, test_run, test_coverage,
 * debug_*, profile_*): refused with E_RUN_DENIED when allowRun is false. Over HTTP those tools
 * are not even listed then (src/mcp/catalog.ts); this covers the CLI, stdio and direct calls.
 */
export function requireRun(ctx: FeatureContext, what = 'Running builds, tests and programs under a debugger or profiler'): void {
  if (ctx.config.allowRun === false) throw new DocentError('E_RUN_DENIED', `${what} is turned off (allowRun is false).`, 'Start docent with --allow-run (or DOCENT_ALLOW_RUN=1).');
}
