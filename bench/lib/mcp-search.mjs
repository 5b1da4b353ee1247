// docs_search latency as an agent sees it: `docent serve` on a built index, the MCP SDK's stdio
// client, a wait until index_status says ready (the server's sync finds nothing to do), one
// warm-up pass over the queries, then the timed pass. Returns each timed call's milliseconds.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const CLI = new URL('../../dist/cli/main.js', import.meta.url).pathname;

export async function docsSearchOverMcp({ root, indexDir, queries, limit = 10, env = {} }) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'serve', '--root', root, '--index-dir', indexDir],
    env: { ...process.env, DOCENT_LOG: 'error', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'docent-bench', version: '0' });
  await client.connect(transport);
  try {
    for (;;) {
      const st = await client.callTool({ name: 'index_status', arguments: {} });
      if (st.structuredContent?.state === 'ready') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const q of queries) await client.callTool({ name: 'docs_search', arguments: { query: q, limit } });
    const times = [];
    for (const q of queries) {
      const t = performance.now();
      await client.callTool({ name: 'docs_search', arguments: { query: q, limit } });
      times.push(performance.now() - t);
    }
    return times;
  } finally {
    await client.close();
  }
}
