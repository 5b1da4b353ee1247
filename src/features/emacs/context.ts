import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { lisp, lispString } from '../../core/emacs/lisp.js';
import type { FeatureContext } from '../context.js';
import { FILE_PATH, USER_WINDOW, bool, emacsBridge } from './common.js';

/** emacs_get_context: where the user is in Emacs (buffer, mode, point, line, file, state). */

export const EmacsContextInput = z.object({
  buffer: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Name of a buffer to describe instead of the one in the selected window (as emacs_list_buffers shows it). Its point is taken from a window showing it, if any.',
    ),
});

export const EmacsContextOutput = z.object({
  buffer_name: z.string(),
  mode: z.string().describe('Major mode, e.g. "python-mode".'),
  point: z.number().int().describe('Position of point, in characters from 1 (Emacs counts characters, not bytes or UTF-16 units).'),
  line_number: z.number().int().describe('Line of point, counted from the start of the accessible (possibly narrowed) region.'),
  absolute_line_number: z.number().int().describe('Line of point counted from the start of the buffer, ignoring narrowing.'),
  column: z.number().int().describe('Display column of point (current-column: tabs count to the next tab stop).'),
  file_path: z.string().nullable().describe('Absolute path of the visited file, or null when the buffer visits no file.'),
  modified: z.boolean(),
  total_lines: z.number().int().describe('Lines in the accessible (possibly narrowed) region.'),
  buffer_size: z.number().int().describe('Characters in the whole buffer, ignoring narrowing.'),
  narrowed: z.boolean().describe('True when point-min or point-max is restricted.'),
  read_only: z.boolean(),
  point_min: z.number().int().describe('Start of the accessible region.'),
  point_max: z.number().int().describe('End of the accessible region.'),
  directory: z.string().nullable().describe("The buffer's default directory."),
  coding_system: z.string().nullable().describe('How the file is encoded on disk, e.g. "utf-8-unix" or "utf-8-dos" (CRLF).'),
  displayed: z.boolean().describe('True when the buffer is shown in a window (point is then that window\'s point).'),
});

export type EmacsContext = z.output<typeof EmacsContextOutput>;

const contextLisp = (bufferName: string | undefined) => lisp`(let* ((docent--win ${USER_WINDOW})
       (docent--buf ${bufferName === undefined ? lisp`(window-buffer docent--win)` : lisp`(get-buffer ${lispString(bufferName)})`}))
  (if (not (buffer-live-p docent--buf)) :null
    (let ((docent--pw (if (eq (window-buffer docent--win) docent--buf) docent--win (get-buffer-window docent--buf t))))
      (with-current-buffer docent--buf
        (save-excursion
          (when docent--pw (goto-char (window-point docent--pw)))
          (list (cons 'buffer_name (buffer-name))
                (cons 'mode (symbol-name major-mode))
                (cons 'point (point))
                (cons 'line_number (line-number-at-pos))
                (cons 'absolute_line_number (line-number-at-pos nil t))
                (cons 'column (current-column))
                (cons 'file_path ${FILE_PATH})
                (cons 'modified ${bool(lisp`(buffer-modified-p)`)})
                (cons 'total_lines (count-lines (point-min) (point-max)))
                (cons 'buffer_size (buffer-size))
                (cons 'narrowed ${bool(lisp`(or (/= (point-min) 1) (/= (point-max) (1+ (buffer-size))))`)})
                (cons 'read_only ${bool(lisp`buffer-read-only`)})
                (cons 'point_min (point-min))
                (cons 'point_max (point-max))
                (cons 'directory (if (stringp default-directory) (expand-file-name default-directory) :null))
                (cons 'coding_system (if (and buffer-file-coding-system (symbolp buffer-file-coding-system)) (symbol-name buffer-file-coding-system) :null))
                (cons 'displayed ${bool(lisp`docent--pw`)})))))))`;

export async function emacsGetContext(input: z.output<typeof EmacsContextInput>, ctx: FeatureContext): Promise<EmacsContext> {
  const answer = await emacsBridge(ctx).query(contextLisp(input.buffer), EmacsContextOutput.nullable(), { signal: ctx.signal });
  if (answer === null) {
    throw new DocentError('E_NOT_FOUND', `Emacs has no buffer named "${input.buffer ?? ''}".`, 'Call emacs_list_buffers for the exact buffer names.');
  }
  return answer;
}

export function renderEmacsContext(c: EmacsContext): string {
  const flags = [c.modified ? 'modified' : 'unmodified', c.read_only ? 'read-only' : null, c.narrowed ? `narrowed to ${c.point_min}-${c.point_max}` : null]
    .filter(Boolean)
    .join(', ');
  const line = c.narrowed ? `${c.line_number} (absolute ${c.absolute_line_number})` : String(c.line_number);
  return [
    `${c.buffer_name} (${c.mode})${c.file_path ? ` — ${c.file_path}` : ' — no file'}`,
    `point ${c.point}, line ${line} of ${c.total_lines}, column ${c.column}`,
    `${c.buffer_size} chars, ${flags}${c.coding_system ? `, ${c.coding_system}` : ''}`,
  ].join('\n');
}
