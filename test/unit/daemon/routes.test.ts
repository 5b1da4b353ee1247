import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globalsToConfig, parseCommandLine, ROUTED_COMMANDS } from '../../../src/cli/daemon-routes.js';
import { SseParser } from '../../../src/daemon/client.js';

describe('the CLI daemon routes', () => {
  it('maps command lines to the tool calls the standalone commands make', () => {
    expect(parseCommandLine(['info', 'mapcar'])?.route.call).toEqual({ name: 'info_lookup_symbol', arguments: { symbol: 'mapcar', manual: undefined, max_chars: undefined, offset: undefined } });
    expect(parseCommandLine(['info', '--search', 'hash table', '-m', 'elisp', '-m', 'emacs'])?.route.call).toEqual({ name: 'info_search', arguments: { query: 'hash table', manuals: ['elisp', 'emacs'], limit: undefined } });
    expect(parseCommandLine(['--json', 'symbols', 'Circle', '-n', '5', '--no-details'])?.route.call.arguments).toMatchObject({ query: 'Circle', max_results: 5, include_details: false, offset: 0 });
    expect(parseCommandLine(['outline', 'src/a.ts', '--depth=2'])?.route.call).toEqual({ name: 'document_symbols', arguments: { file: 'src/a.ts', depth: 2, max_results: 500 } });
    expect(parseCommandLine(['search', 'parse', 'config', '--limit', '3'])?.route.call.arguments).toEqual({ query: 'parse config', module: undefined, limit: 3, scope: undefined, language: undefined });
    expect(parseCommandLine(['search', 'parse', '-l', 'python', '--scope', 'deps'])?.route.call.arguments).toMatchObject({ query: 'parse', scope: 'deps', language: 'python' });
    const doc = parseCommandLine(['doc', 'json.loads'])!.route;
    expect(doc.call.name).toBe('docs_get');
    expect(doc.fallback?.name).toBe('get_symbol_documentation');
  });

  it('reads global flags anywhere, as commander does', () => {
    const p = parseCommandLine(['-r', 'a', 'info', 'car', '--root', 'b', '--json', '--lsp-timeout', '900', '--no-daemon'])!;
    expect(p.globals).toMatchObject({ root: ['a', 'b'], json: true, lspTimeout: 900, daemon: false });
    expect(globalsToConfig(p.globals)).toEqual({ roots: ['a', 'b'], lsp: { requestTimeoutMs: 900 } });
  });

  it('leaves to the standalone CLI what it does not fully understand', () => {
    for (const argv of [
      ['info'], // nothing to look up: commander's and the feature's own message
      ['symbols', 'x', '--max', '0'], // a bad number: commander's usage error
      ['symbols'], // a missing argument
      ['symbols', 'a', 'b'], // too many
      ['search', '-k', 'function', 'parse'], // variadic option
      ['search', 'parse', '--scope', 'everything'], // a choice commander refuses
      ['info', 'car', '--help'],
      ['info', 'car', '--no-such-flag'],
      ['serve'],
      ['index'],
      ['daemon', 'status'],
      [],
    ]) {
      expect(parseCommandLine(argv), argv.join(' ')).toBeUndefined();
    }
  });

  it('are the commands the shell launcher offers the daemon', () => {
    const launcher = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/docent'), 'utf8');
    const line = /^\s*([a-z| ]+)\) docent_routed=1 ;;$/m.exec(launcher)?.[1];
    expect(line?.split('|').map((w) => w.trim()).sort()).toEqual([...ROUTED_COMMANDS].sort());
  });

  it('splits an SSE stream into its data payloads, across chunk boundaries', () => {
    const got: string[] = [];
    const p = new SseParser((d) => got.push(d));
    p.push('event: message\ndata: {"a":');
    p.push('1}\n\nevent: message\r\ndata: {"b":2}\r\n\r\n: comment\n\n');
    expect(got).toEqual(['{"a":1}', '{"b":2}']);
  });
});
