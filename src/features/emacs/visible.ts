import { z } from 'zod';
import { lisp } from '../../core/emacs/lisp.js';
import type { FeatureContext } from '../context.js';
import { FILE_PATH, USER_WINDOW, bool, emacsBridge } from './common.js';

/** emacs_get_visible_text: the text the user sees in the selected window, with its bounds. */

export const EmacsVisibleInput = z.object({
  max_chars: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(20_000)
    .describe('Most characters of visible_text to return (a tall window on long lines can show a lot).'),
  offset: z.number().int().min(0).default(0).describe('Skip this many characters of the visible text (to continue a truncated answer).'),
});

export const EmacsVisibleOutput = z.object({
  visible_text: z.string().describe('The visible text (from start_pos + offset), exactly as in the buffer: tabs, quotes and non-ASCII intact; line ends are \\n.'),
  start_pos: z.number().int().describe('window-start: position of the first visible character.'),
  end_pos: z.number().int().describe('(window-end nil t): position just after the last visible character.'),
  start_line: z.number().int().describe('Line of start_pos (relative to any narrowing).'),
  end_line: z.number().int().describe('Line of end_pos; when the visible text ends with a newline this is the line after the last visible one.'),
  total_chars: z.number().int().describe('Characters between start_pos and end_pos, whether or not all are returned.'),
  window_height: z.number().int().describe('Text lines in the window body.'),
  window_width: z.number().int().describe('Columns in the window body.'),
  buffer_name: z.string(),
  file_path: z.string().nullable(),
  point: z.number().int().describe("The window's point."),
  estimated: z
    .boolean()
    .describe('True when no client frame displays the window (a daemon without frames): the bounds are then window_height lines from window-start, not what redisplay computed.'),
  truncated: z.boolean().describe('True when visible_text stops before end_pos because of max_chars.'),
  next_offset: z.number().int().nullable().describe('Pass as offset to continue, or null when complete.'),
});

export type EmacsVisible = z.output<typeof EmacsVisibleOutput>;

/**
 * On a real frame, `(window-end w t)` is what redisplay shows. A daemon with no client frame has
 * only its initial pseudo-frame, which is never displayed: there window-end runs to point-max,
 * so the bounds are estimated instead as window_height lines from window-start, recentred on
 * point when point lies outside them (as redisplay would scroll), and `estimated` says so.
 */
const visibleLisp = (offset: number, maxChars: number) => lisp`(let* ((docent--win ${USER_WINDOW})
       (docent--real (not (equal (terminal-name (frame-terminal (window-frame docent--win))) "initial_terminal"))))
  (with-current-buffer (window-buffer docent--win)
    (let* ((docent--height (window-body-height docent--win))
           (docent--pt (window-point docent--win))
           (docent--start (window-start docent--win))
           (docent--end nil))
      (if docent--real
          (setq docent--end (max docent--start (window-end docent--win t)))
        (save-excursion
          (goto-char docent--start)
          (forward-line docent--height)
          (when (or (< docent--pt docent--start) (and (>= docent--pt (point)) (< (point) (point-max))))
            (goto-char docent--pt)
            (forward-line (- (/ docent--height 2)))
            (setq docent--start (point))
            (forward-line docent--height))
          (setq docent--end (point))))
      (let* ((docent--from (min docent--end (+ docent--start ${offset})))
             (docent--to (min docent--end (+ docent--from ${maxChars}))))
        (list (cons 'visible_text (buffer-substring-no-properties docent--from docent--to))
              (cons 'start_pos docent--start)
              (cons 'end_pos docent--end)
              (cons 'start_line (line-number-at-pos docent--start))
              (cons 'end_line (line-number-at-pos docent--end))
              (cons 'total_chars (- docent--end docent--start))
              (cons 'window_height docent--height)
              (cons 'window_width (window-body-width docent--win))
              (cons 'buffer_name (buffer-name))
              (cons 'file_path ${FILE_PATH})
              (cons 'point docent--pt)
              (cons 'estimated ${bool(lisp`(not docent--real)`)})
              (cons 'returned_to docent--to))))))`;

const Raw = EmacsVisibleOutput.omit({ truncated: true, next_offset: true }).extend({ returned_to: z.number().int() });

export async function emacsGetVisibleText(input: z.output<typeof EmacsVisibleInput>, ctx: FeatureContext): Promise<EmacsVisible> {
  const { returned_to, ...raw } = await emacsBridge(ctx).query(visibleLisp(input.offset, input.max_chars), Raw, { signal: ctx.signal });
  const truncated = returned_to < raw.end_pos;
  return { ...raw, truncated, next_offset: truncated ? returned_to - raw.start_pos : null };
}

export function renderEmacsVisible(v: EmacsVisible): string {
  const head = `${v.buffer_name}${v.file_path ? ` (${v.file_path})` : ''}: lines ${v.start_line}-${v.end_line}, positions ${v.start_pos}-${v.end_pos}, window ${v.window_width}x${v.window_height}${v.estimated ? ' (estimated: no client frame)' : ''}`;
  const tail = v.truncated ? `\n… truncated; continue with offset=${v.next_offset}` : '';
  return `${head}\n${v.visible_text}${tail}`;
}
