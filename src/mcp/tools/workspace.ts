import { WorkspaceFilesInput, WorkspaceFilesOutput, renderWorkspaceFiles, workspaceFiles } from '../../features/workspace/files.js';
import { defineTool, type AnyTool } from '../tool.js';

export const workspaceTools: AnyTool[] = [
  defineTool({
    name: 'workspace_files',
    title: 'List workspace files',
    description:
      'List the files in the workspace roots as git sees them (.gitignore honoured), optionally filtered by a glob. Paths are relative to the root; page with offset when truncated.',
    group: 'workspace',
    inputSchema: WorkspaceFilesInput,
    outputSchema: WorkspaceFilesOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler: workspaceFiles,
    render: renderWorkspaceFiles,
  }),
];
