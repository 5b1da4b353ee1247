import { z } from 'zod';
import { lisp } from '../../core/emacs/lisp.js';
import type { FeatureContext } from '../context.js';
import { FILE_PATH, USER_WINDOW, bool, emacsBridge } from './common.js';

/** emacs_list_buffers: the user's buffers, most recently used first, without internal ones. */

export const EmacsBuffersInput = z.object({
  max_results: z.number().int().min(1).max(5_000).default(200).describe('Most buffers to return.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many buffers (to continue a truncated listing).'),
});

export const EmacsBufferEntry = z.object({
  name: z.string(),
  file_path: z.string().nullable().describe('Absolute path of the visited file, or null.'),
  mode: z.string().describe('Major mode.'),
  modified: z.boolean(),
  size: z.number().int().describe('Characters in the buffer.'),
  read_only: z.boolean(),
  displayed: z.boolean().describe('True when the buffer is shown in some window.'),
  current: z.boolean().describe('True for the buffer of the selected window (what emacs_get_context describes).'),
});

export const EmacsBuffersOutput = z.object({
  buffers: z.array(EmacsBufferEntry).describe('Most recently used first; internal buffers (names starting with a space) are left out.'),
  total: z.number().int().describe('Buffers in the whole list.'),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable().describe('Pass as offset to continue, or null when complete.'),
});

export type EmacsBuffers = z.output<typeof EmacsBuffersOutput>;

const buffersLisp = (offset: number, limit: number) => lisp`(let* ((docent--cur (window-buffer ${USER_WINDOW}))
       (docent--all (delq nil (mapcar (lambda (b) (unless (string-prefix-p " " (buffer-name b)) b)) (buffer-list))))
       (docent--page (nthcdr ${offset} docent--all))
       (docent--out nil)
       (docent--n 0))
  (while (and docent--page (< docent--n ${limit}))
    (let ((docent--b (car docent--page)))
      (push (with-current-buffer docent--b
              (list (cons 'name (buffer-name))
                    (cons 'file_path ${FILE_PATH})
                    (cons 'mode (symbol-name major-mode))
                    (cons 'modified ${bool(lisp`(buffer-modified-p)`)})
                    (cons 'size (buffer-size))
                    (cons 'read_only ${bool(lisp`buffer-read-only`)})
                    (cons 'displayed ${bool(lisp`(get-buffer-window docent--b t)`)})
                    (cons 'current ${bool(lisp`(eq docent--b docent--cur)`)})))
            docent--out))
    (setq docent--page (cdr docent--page) docent--n (1+ docent--n)))
  (list (cons 'buffers (vconcat (nreverse docent--out)))
        (cons 'total (length docent--all))))`;

const Raw = EmacsBuffersOutput.pick({ buffers: true, total: true });

export async function emacsListBuffers(input: z.output<typeof EmacsBuffersInput>, ctx: FeatureContext): Promise<EmacsBuffers> {
  const raw = await emacsBridge(ctx).query(buffersLisp(input.offset, input.max_results), Raw, { signal: ctx.signal });
  const end = input.offset + raw.buffers.length;
  const truncated = end < raw.total;
  return { ...raw, truncated, next_offset: truncated ? end : null };
}

export function renderEmacsBuffers(r: EmacsBuffers): string {
  const lines = r.buffers.map((b) => {
    const marks = `${b.current ? '.' : ' '}${b.modified ? '*' : ' '}${b.read_only ? '%' : ' '}`;
    return `${marks} ${b.name}  ${b.size}  ${b.mode}${b.file_path ? `  ${b.file_path}` : ''}`;
  });
  const head = `${r.buffers.length} of ${r.total} buffer(s) (. current, * modified, % read-only)`;
  const tail = r.truncated ? `\n… truncated; continue with offset=${r.next_offset}` : '';
  return [head, ...lines].join('\n') + tail;
}
