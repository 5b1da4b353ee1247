import { ProfileCompareInput, ProfileCompareOutput, profileCompare, renderProfileCompare } from '../../features/profile/compare.js';
import { ProfileReportInput, ProfileReportOutput, profileReport, renderProfileReport } from '../../features/profile/report.js';
import { ProfileRunInput, ProfileRunOutput, profileRun, renderProfileRun } from '../../features/profile/run.js';
import { defineTool, type AnyTool } from '../tool.js';

/** Profiling tools: in the debug group, since they run project code too. */
export const profileTools: AnyTool[] = [
  defineTool({
    name: 'profile_run',
    title: 'Profile a program',
    description:
      'Run a program under the profiler for its language (Python: cProfile, JavaScript/TypeScript: the V8 CPU profiler, native: valgrind callgrind) and answer the hotspots, largest self cost first, each with file, line, self_pct, total_pct and its source line. The profile is kept for profile_report and profile_compare.',
    group: 'debug',
    inputSchema: ProfileRunInput,
    outputSchema: ProfileRunOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    handler: profileRun,
    render: renderProfileRun,
  }),
  defineTool({
    name: 'profile_report',
    title: 'Drill into a profile',
    description: 'For one function of a kept profile (default: the top hotspot): its callers, its callees, or its costly lines.',
    group: 'debug',
    inputSchema: ProfileReportInput,
    outputSchema: ProfileReportOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler: profileReport,
    render: renderProfileReport,
  }),
  defineTool({
    name: 'profile_compare',
    title: 'Compare two profiles',
    description: 'How each hotspot changed between two profiles of the same program (before and after a change): absolute and relative self cost, and the overall speedup.',
    group: 'debug',
    inputSchema: ProfileCompareInput,
    outputSchema: ProfileCompareOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler: profileCompare,
    render: renderProfileCompare,
  }),
];
