import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocentError } from '../../../src/core/errors.js';
import type { FeatureContext } from '../../../src/features/context.js';
import { EmacsBuffersInput, emacsListBuffers } from '../../../src/features/emacs/buffers.js';
import { EmacsContextInput, emacsGetContext, type EmacsContext } from '../../../src/features/emacs/context.js';
import { EmacsVisibleInput, emacsGetVisibleText } from '../../../src/features/emacs/visible.js';
import { emacsContext, lispStr, startDaemon, type TestDaemon } from './daemon.js';

/**
 * The emacs_* features against a real `emacs -Q --daemon`: every field is checked against what
 * Emacs itself computes for the same buffer and point, asked through a separate emacsclient.
 */

const SPECIAL = [
  'first line with "double" and \'single\' quotes',
  'back\\slash \\n is not a newline, and a tab:\there',
  'Polish: zażółć gęślą jaźń — ą',
  'emoji 😀 and non-BMP 𝔘𝔫𝔦 and CJK 漢字 after',
  '\tindented with a tab',
  'last line without newline',
].join('\n');
const CRLF = 'one ą\r\ntwo "quoted" \\ back\r\nthree 😀\r\n';
const BIG_LINE = 'The quick brown fox jumps over the lazy dog; 0123456789 "q" \\ tab\there.\n';

let emacs: TestDaemon;
let ctx: FeatureContext;
let files: { special: string; crlf: string; big: string };
let bigText: string;

const context = (input: Record<string, unknown> = {}) => emacsGetContext(EmacsContextInput.parse(input), ctx);
const visible = (input: Record<string, unknown> = {}) => emacsGetVisibleText(EmacsVisibleInput.parse(input), ctx);
const buffers = (input: Record<string, unknown> = {}) => emacsListBuffers(EmacsBuffersInput.parse(input), ctx);

/** Visit `file` in the selected window and run `setup` (Lisp) there. */
function visit(file: string, setup = 'nil'): void {
  emacs.eval(`(progn (switch-to-buffer (find-file-noselect ${lispStr(file)})) (widen) ${setup} t)`);
}

/** Every field of `c`, as Emacs computes it for the selected window's buffer at its point. */
function expectMatchesEmacs(c: EmacsContext): void {
  expect(c).toEqual({
    buffer_name: emacs.str('(buffer-name)'),
    mode: emacs.str('(symbol-name major-mode)'),
    point: emacs.num('(point)'),
    line_number: emacs.num('(line-number-at-pos)'),
    absolute_line_number: emacs.num('(line-number-at-pos nil t)'),
    column: emacs.num('(current-column)'),
    file_path: emacs.str('buffer-file-name'),
    modified: emacs.bool('(buffer-modified-p)'),
    total_lines: emacs.num('(count-lines (point-min) (point-max))'),
    buffer_size: emacs.num('(buffer-size)'),
    narrowed: emacs.bool('(buffer-narrowed-p)'),
    read_only: emacs.bool('buffer-read-only'),
    point_min: emacs.num('(point-min)'),
    point_max: emacs.num('(point-max)'),
    directory: emacs.str('(expand-file-name default-directory)'),
    coding_system: emacs.str('(symbol-name buffer-file-coding-system)'),
    displayed: true,
  });
}

beforeAll(() => {
  emacs = startDaemon('ctx');
  ctx = emacsContext({ socket: emacs.socket });
  files = { special: path.join(emacs.dir, 'special.txt'), crlf: path.join(emacs.dir, 'crlf.txt'), big: path.join(emacs.dir, 'big.txt') };
  writeFileSync(files.special, SPECIAL);
  writeFileSync(files.crlf, CRLF);
  bigText = BIG_LINE.repeat(Math.ceil((5 * 1024 * 1024) / BIG_LINE.length));
  writeFileSync(files.big, bigText);
});

afterAll(() => emacs?.stop());

describe('emacs_get_context', () => {
  it('describes a visited file with quotes, tabs, emoji and non-BMP text, field by field', async () => {
    visit(files.special, `(goto-char (point-min)) (forward-line 3) (search-forward ${lispStr('𝔘𝔫')})`);
    const c = await context();
    expectMatchesEmacs(c);
    // Independent facts, not only agreement with Emacs:
    expect(c.file_path).toBe(files.special);
    expect(c.line_number).toBe(4);
    const before = SPECIAL.split('\n').slice(0, 3).join('\n').length + 1 + 'emoji 😀 and non-BMP 𝔘𝔫'.length;
    expect(c.point).toBe([...SPECIAL.slice(0, before)].length + 1); // characters (code points), from 1
    expect(c.buffer_size).toBe([...SPECIAL].length);
    expect(c.total_lines).toBe(6);
    expect(c.modified).toBe(false);
    expect(c.narrowed).toBe(false);
    expect(c.read_only).toBe(false);
    expect(c.coding_system).toBe('utf-8-unix');
  });

  it('reads a CRLF file as Emacs does (utf-8-dos, lines without \\r)', async () => {
    visit(files.crlf, '(goto-char (point-max))');
    const c = await context();
    expectMatchesEmacs(c);
    expect(c.coding_system).toBe('utf-8-dos');
    expect(c.buffer_size).toBe([...CRLF.replace(/\r\n/g, '\n')].length);
    expect(c.total_lines).toBe(3);
    expect(c.line_number).toBe(4);
  });

  it('reports narrowing at either end, with lines relative to it and absolute beside them', async () => {
    visit(files.special, '(goto-char (point-min)) (forward-line 2) (narrow-to-region (point) (point-max)) (forward-line 1)');
    const both = await context();
    expectMatchesEmacs(both);
    expect(both).toMatchObject({ narrowed: true, line_number: 2, absolute_line_number: 4, total_lines: 4 });

    // Only point-max restricted: point-min is still 1, and the buffer is still narrowed.
    visit(files.special, '(goto-char (point-min)) (forward-line 1) (narrow-to-region (point-min) (line-end-position))');
    const end = await context();
    expectMatchesEmacs(end);
    expect(end).toMatchObject({ narrowed: true, point_min: 1, line_number: 2, absolute_line_number: 2, total_lines: 2 });
    expect(end.point_max).toBeLessThan(end.buffer_size + 1);
    emacs.eval('(with-current-buffer (window-buffer (selected-window)) (widen))');
  });

  it('reports read-only and modified as real booleans, both ways', async () => {
    visit(files.special, '(goto-char 3) (read-only-mode 1)');
    const ro = await context();
    expectMatchesEmacs(ro);
    expect(ro.read_only).toBe(true);
    expect(ro.modified).toBe(false);

    visit(files.special, '(read-only-mode -1) (goto-char (point-max)) (insert "\\nmore")');
    const mod = await context();
    expectMatchesEmacs(mod);
    expect(mod).toMatchObject({ read_only: false, modified: true, total_lines: 7 });
    const listed = (await buffers()).buffers.find((b) => b.name === 'special.txt');
    expect(listed).toMatchObject({ modified: true, current: true, displayed: true, file_path: files.special });

    emacs.eval('(with-current-buffer (window-buffer (selected-window)) (revert-buffer t t))');
    const reverted = await context();
    expect(reverted.modified).toBe(false);
  });

  it('handles a 5 MB buffer', async () => {
    visit(files.big, '(goto-char (/ (point-max) 2)) (recenter)');
    const c = await context();
    expectMatchesEmacs(c);
    expect(c.buffer_size).toBe(bigText.length);
    expect(c.total_lines).toBe(bigText.length / BIG_LINE.length);

    // No client frame: the bounds are estimated as window_height lines around point.
    const v = await visible();
    expect(v.estimated).toBe(true);
    expect(v.truncated).toBe(false);
    expect(v.end_line - v.start_line).toBe(v.window_height);
    expect(v.start_pos).toBeGreaterThan(1);
    expect(v.start_pos).toBeLessThanOrEqual(c.point);
    expect(v.end_pos).toBeGreaterThan(c.point);
    expect(v.visible_text).toBe(bigText.slice(v.start_pos - 1, v.end_pos - 1));
    expect(v.start_line).toBe(emacs.num('(line-number-at-pos (window-start))'));

    const listed = (await buffers()).buffers.find((b) => b.name === 'big.txt');
    expect(listed?.size).toBe(bigText.length);
  });

  it('describes a buffer without a file, with a name full of quotes and non-ASCII, and NULs in its text', async () => {
    const name = 'docent "quoted" \\ ą 😀 buffer';
    emacs.eval(`(progn (switch-to-buffer (get-buffer-create ${lispStr(name)})) (erase-buffer) (insert ${lispStr('nul:\0:end\n"x" ą 😀\n')}) (goto-char 6) t)`);
    const c = await context();
    expectMatchesEmacs(c);
    expect(c.buffer_name).toBe(name);
    expect(c.file_path).toBeNull();
    expect(c.modified).toBe(true);
    const v = await visible();
    expect(v.visible_text).toBe('nul:\0:end\n"x" ą 😀\n');
    expect(v.file_path).toBeNull();

    // The same buffer by name, from while another one is selected (the name travels as base64).
    visit(files.special);
    const byName = await context({ buffer: name });
    expect(byName).toMatchObject({ buffer_name: name, point: 6, file_path: null, displayed: false });
  });

  it('says E_NOT_FOUND for a buffer that does not exist', async () => {
    const err = await context({ buffer: 'no such buffer "here"' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocentError);
    expect((err as DocentError).code).toBe('E_NOT_FOUND');
  });

  it('gives the same answers through json.el when json-serialize is unavailable (Emacs 27 without libjansson)', async () => {
    visit(files.special, '(goto-char (point-min)) (forward-line 3) (end-of-line)');
    const native = [await context(), await visible(), await buffers()];
    emacs.eval(`(progn (defun docent-test--no-json (&rest _) (signal 'void-function '(json-serialize)))
                       (advice-add 'json-serialize :override #'docent-test--no-json) t)`);
    try {
      expect(emacs.bool(`(condition-case nil (progn (json-serialize '((a . 1))) nil) (void-function t))`)).toBe(true);
      const fallback = [await context(), await visible(), await buffers()];
      expect(fallback).toEqual(native);
      expect((fallback[0] as EmacsContext).modified).toBe(false);
    } finally {
      emacs.eval(`(advice-remove 'json-serialize #'docent-test--no-json)`);
    }
  });

  it('turns an error signalled by Emacs into E_INTERNAL with Emacs\'s message', async () => {
    visit(files.special);
    emacs.eval(`(progn (defun docent-test--broken (&rest _) (error "Broken by %s" "the test"))
                       (advice-add 'line-number-at-pos :override #'docent-test--broken) t)`);
    try {
      const err = await context().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DocentError);
      expect((err as DocentError).code).toBe('E_INTERNAL');
      expect((err as DocentError).message).toContain('Broken by the test');
    } finally {
      emacs.eval(`(advice-remove 'line-number-at-pos #'docent-test--broken)`);
    }
    expect((await context()).buffer_name).toBe('special.txt');
  });
});

describe('emacs_get_visible_text', () => {
  it('returns exactly the text between window-start and window-end, with Emacs\'s bounds', async () => {
    visit(files.special, '(goto-char (point-min))');
    const v = await visible();
    expect(v.visible_text).toBe(SPECIAL);
    expect(v).toMatchObject({
      start_pos: emacs.num('(window-start)'),
      end_pos: emacs.num('(window-end nil t)'),
      start_line: 1,
      end_line: emacs.num('(line-number-at-pos (window-end nil t))'),
      total_chars: [...SPECIAL].length,
      window_height: emacs.num('(window-body-height)'),
      window_width: emacs.num('(window-body-width)'),
      buffer_name: 'special.txt',
      file_path: files.special,
      point: 1,
      estimated: true,
      truncated: false,
      next_offset: null,
    });
  });

  it('keeps CRLF files as Emacs shows them', async () => {
    visit(files.crlf, '(goto-char (point-min))');
    const v = await visible();
    expect(v.visible_text).toBe(CRLF.replace(/\r\n/g, '\n'));
    expect(v.end_line).toBe(4);
  });

  it('cuts at max_chars (in characters, never inside a surrogate pair) and continues with offset', async () => {
    visit(files.special, '(goto-char (point-min))');
    const chars = [...SPECIAL];
    const emojiAt = chars.indexOf('😀');
    const first = await visible({ max_chars: emojiAt + 1 });
    expect(first.truncated).toBe(true);
    expect(first.next_offset).toBe(emojiAt + 1);
    expect(first.visible_text).toBe(chars.slice(0, emojiAt + 1).join(''));
    expect(first.visible_text.endsWith('😀')).toBe(true);
    expect(first.total_chars).toBe(chars.length);
    let text = first.visible_text;
    let offset = first.next_offset;
    while (offset !== null) {
      const next = await visible({ max_chars: 40, offset });
      text += next.visible_text;
      offset = next.next_offset;
    }
    expect(text).toBe(SPECIAL);
  });
});

describe('emacs_list_buffers', () => {
  it('lists every non-internal buffer in Emacs\'s order, with Emacs\'s values', async () => {
    emacs.eval('(progn (get-buffer-create " *docent internal*") t)');
    visit(files.special);
    const r = await buffers();
    const names = JSON.parse(
      Buffer.from(
        JSON.parse(
          emacs.eval(
            `(base64-encode-string (encode-coding-string (concat "[" (mapconcat (lambda (b) (concat "\\"" (base64-encode-string (encode-coding-string (buffer-name b) 'utf-8 t) t) "\\"")) (seq-remove (lambda (b) (string-prefix-p " " (buffer-name b))) (buffer-list)) ",") "]") 'utf-8 t) t)`,
          ),
        ) as string,
        'base64',
      ).toString('utf8'),
    ).map((b64: string) => Buffer.from(b64, 'base64').toString('utf8')) as string[];
    expect(r.buffers.map((b) => b.name)).toEqual(names);
    expect(r.total).toBe(names.length);
    expect(r.buffers.some((b) => b.name.startsWith(' '))).toBe(false);
    expect(emacs.bool('(get-buffer " *docent internal*")')).toBe(true);
    expect(r.buffers[0]).toMatchObject({ name: 'special.txt', current: true, file_path: files.special, mode: 'text-mode' });
    for (const b of r.buffers) {
      const inB = (expr: string) => `(with-current-buffer ${lispStr(b.name)} ${expr})`;
      expect(b.size).toBe(Number(emacs.eval(inB('(buffer-size)'))));
      expect(b.modified).toBe(emacs.eval(inB('(if (buffer-modified-p) 1 0)')) === '1');
      expect(b.read_only).toBe(emacs.eval(inB('(if buffer-read-only 1 0)')) === '1');
      expect(typeof b.modified).toBe('boolean');
    }
    const scratch = r.buffers.find((b) => b.name === '*scratch*');
    expect(scratch).toMatchObject({ file_path: null, mode: 'lisp-interaction-mode' });
  });

  it('pages with max_results and offset', async () => {
    const all = await buffers();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const page1 = await buffers({ max_results: 2 });
    expect(page1).toMatchObject({ truncated: true, next_offset: 2, total: all.total });
    expect(page1.buffers).toEqual(all.buffers.slice(0, 2));
    const rest = await buffers({ offset: 2, max_results: 1000 });
    expect(rest).toMatchObject({ truncated: false, next_offset: null });
    expect([...page1.buffers, ...rest.buffers]).toEqual(all.buffers);
  });
});

describe('with a client terminal frame (emacsclient -t in a pseudo-terminal)', () => {
  it('reports the frame the user sees, with the bounds redisplay computed', async () => {
    const tty = spawn('script', ['-qfec', `stty rows 30 cols 100; exec emacsclient -t --socket-name=${emacs.socket} ${files.big}`, '/dev/null'], {
      stdio: ['pipe', 'ignore', 'ignore'],
      env: { ...process.env, TERM: 'xterm' },
    });
    try {
      const frameTerminal = () => emacs.eval('(terminal-name (frame-terminal (selected-frame)))');
      const shown = () => emacs.eval('(buffer-name (window-buffer (selected-window)))');
      for (let i = 0; i < 100 && (frameTerminal() === '"initial_terminal"' || shown() !== '"big.txt"'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(frameTerminal()).toMatch(/^"\/dev\/pts\//);
      emacs.eval('(with-selected-window (selected-window) (goto-char (/ (point-max) 3)) (recenter) t)');
      await new Promise((r) => setTimeout(r, 300)); // let redisplay run
      const c = await context();
      expectMatchesEmacs(c);
      expect(c.file_path).toBe(files.big);
      const v = await visible();
      expect(v).toMatchObject({
        estimated: false,
        start_pos: emacs.num('(window-start)'),
        end_pos: emacs.num('(window-end nil t)'),
        window_height: emacs.num('(window-body-height)'),
        window_width: emacs.num('(window-body-width)'),
        point: c.point,
      });
      expect(v.window_width).toBeGreaterThan(80); // the 100-column terminal, not the daemon's 80x25
      expect(v.visible_text).toBe(bigText.slice(v.start_pos - 1, v.end_pos - 1));
      expect(v.start_pos).toBeLessThanOrEqual(c.point);
      expect(v.end_pos).toBeGreaterThan(c.point);

      // While the user answers a minibuffer prompt, the context is still the window they came from.
      emacs.eval('(progn (run-at-time 0 nil (lambda () (ignore-errors (read-string "docent prompt: ")))) t)');
      const inMinibuffer = () => emacs.eval('(if (minibufferp (window-buffer (selected-window))) 1 0)') === '1';
      for (let i = 0; i < 50 && !inMinibuffer(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(inMinibuffer()).toBe(true);
      expect(await context()).toMatchObject({ buffer_name: 'big.txt', point: c.point });
      expect((await visible()).start_pos).toBe(v.start_pos);
      tty.stdin!.write('answer\r'); // the user presses RET
      for (let i = 0; i < 50 && inMinibuffer(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(inMinibuffer()).toBe(false);
    } finally {
      tty.kill('SIGKILL');
      emacs.eval('(progn (dolist (f (frame-list)) (unless (equal (terminal-name (frame-terminal f)) "initial_terminal") (delete-frame f t))) t)');
    }
  });
});

// Guard against the fixtures changing under the tests.
it('fixtures are what the tests expect', () => {
  expect(readFileSync(files.crlf, 'utf8')).toBe(CRLF);
});
