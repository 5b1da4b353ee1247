import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { lispStr, startDaemon, type TestDaemon } from './daemon.js';

/** The emacs_* tools end to end: `docent serve --emacs-socket` over MCP, and `docent emacs …`. */

let emacs: TestDaemon;
let docent: DocentSession;
let root: string;
let file: string;
const TEXT = 'line one "quoted"\n\tline two ą 😀 𝔘\nline three\n';

beforeAll(async () => {
  emacs = startDaemon('e2e');
  root = mkdtempSync(path.join(tmpdir(), 'docent-emacs-root-'));
  file = path.join(root, 'notes.txt');
  writeFileSync(file, TEXT);
  emacs.eval(`(progn (switch-to-buffer (find-file-noselect ${lispStr(file)})) (goto-char (point-min)) (forward-line 1) (forward-char 3) (insert "X") t)`);
  docent = await startDocent(['--root', root, '--no-index', '--emacs-socket', emacs.socket]);
});

afterAll(async () => {
  await docent?.close();
  emacs?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('emacs tools over MCP', () => {
  it('lists the three tools as read-only with output schemas', async () => {
    const { tools } = await docent.client.listTools();
    const mine = tools.filter((t) => t.name.startsWith('emacs_'));
    expect(mine.map((t) => t.name).sort()).toEqual(['emacs_get_context', 'emacs_get_visible_text', 'emacs_list_buffers']);
    for (const t of mine) {
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.outputSchema?.type).toBe('object');
    }
  });

  it('emacs_get_context returns typed fields, with false (not null) for unset flags', async () => {
    const r = await docent.call('emacs_get_context');
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({
      buffer_name: 'notes.txt',
      mode: 'text-mode',
      point: emacs.num('(point)'),
      line_number: 2,
      absolute_line_number: 2,
      column: emacs.num('(current-column)'),
      file_path: file,
      modified: true,
      total_lines: 3,
      buffer_size: [...TEXT].length + 1,
      narrowed: false,
      read_only: false,
    });
    const text = (r.content as Array<{ type: string; text: string }>)[0]!.text;
    expect(text).toContain('notes.txt (text-mode)');
    expect(text).toContain('line 2 of 3');
  });

  it('emacs_get_visible_text and emacs_list_buffers answer with exact text and an object', async () => {
    const v = await docent.call('emacs_get_visible_text', { max_chars: 100 });
    expect(v.structuredContent).toMatchObject({ visible_text: TEXT.replace('\tli', '\tliX'), start_pos: 1, truncated: false });
    const b = await docent.call('emacs_list_buffers');
    const s = b.structuredContent as { buffers: Array<{ name: string; modified: boolean; file_path: string | null }>; total: number };
    expect(s.buffers[0]).toMatchObject({ name: 'notes.txt', modified: true, file_path: file });
    expect(s.buffers.every((x) => !x.name.startsWith(' ') && typeof x.modified === 'boolean')).toBe(true);
  });

  it('validates input and reports a missing buffer', async () => {
    const bad = await docent.call('emacs_get_visible_text', { max_chars: 0 });
    expect(errorOf(bad).code).toBe('E_BAD_INPUT');
    const nf = await docent.call('emacs_get_context', { buffer: 'no such buffer' });
    expect(errorOf(nf).code).toBe('E_NOT_FOUND');
  });
});

describe('docent emacs (CLI)', () => {
  it('prints context as JSON and text, and fails with exit 3 and a hint when no server answers', () => {
    const json = runCli(['emacs', 'context', '--json', '--emacs-socket', emacs.socket, '--root', root]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ buffer_name: 'notes.txt', file_path: file, modified: true, narrowed: false });

    const text = runCli(['emacs', 'buffers', '--emacs-socket', emacs.socket, '--root', root]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^\.\*\s+notes\.txt/m);

    const visible = runCli(['emacs', 'visible', '--max-chars', '5', '--json', '--emacs-socket', emacs.socket, '--root', root]);
    expect(JSON.parse(visible.stdout)).toMatchObject({ visible_text: 'line ', truncated: true, next_offset: 5 });

    const down = runCli(['emacs', 'context', '--emacs-socket', path.join(root, 'no-server-here'), '--root', root]);
    expect(down.status).toBe(3);
    expect(down.stderr).toContain('E_UNAVAILABLE');
    expect(down.stderr).toContain('server-start');
  });
});
