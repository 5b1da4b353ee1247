// docs_search latency as an agent sees it: `docent serve` on a built index, the MCP SDK's stdio
// client, a wait until index_status says ready (the server's sync finds nothing to do), one
// warm-up pass over the queries, then the timed pass. Returns each timed call's milliseconds;
// `firstPass`, when given, receives the warm-up pass's own (each query new to the server, as an
// agent's next question is).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const CLI = new URL('../../dist/cli/main.js', import.meta.url).pathname;

export async function docsSearchOverMcp({ root, indexDir, queries, limit = 10, env = {}, firstPass }) {
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
    for (const q of queries) {
      const t = performance.now();
      await client.callTool({ name: 'docs_search', arguments: { query: q, limit } });
      firstPass?.push(performance.now() - t);
    }
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

/**
 * The latency benchmarks' query mix, deterministic for a seed: after `lead` (questions), item
 * names and runs of two to four words from summaries in turn, drawn from the index (as an agent
 * mixes identifiers and prose), until there are `n`.
 */
export function mixedQueries(db, { lead = [], n, seed }) {
  const names = db.prepare(`SELECT name FROM items WHERE kind IN ('function','class','method') ORDER BY rowid`).pluck().all();
  const sums = db.prepare(`SELECT summary FROM items WHERE length(summary) > 30 ORDER BY rowid`).pluck().all();
  let x = seed;
  const rand = (k) => ((x = (x * 1103515245 + 12345) & 0x7fffffff), x % k);
  const queries = [...lead];
  while (queries.length < n) {
    if (queries.length % 2 === 0 && names.length) queries.push(names[rand(names.length)]);
    else if (sums.length) {
      const words = sums[rand(sums.length)].split(/\s+/).filter((w) => /^[a-z]{3,}$/i.test(w));
      const start = rand(Math.max(1, words.length - 4));
      queries.push(words.slice(start, start + 2 + rand(3)).join(' ') || 'parse');
    } else break;
  }
  return queries;
}
