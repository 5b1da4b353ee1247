import { EMACS_SERVICE_KEY, EmacsBridge } from '../../core/emacs/bridge.js';
import { lisp } from '../../core/emacs/lisp.js';
import type { FeatureContext } from '../context.js';

/** The shared bridge to the user's Emacs, configured from `ctx.config.emacs`. */
export function emacsBridge(ctx: FeatureContext): EmacsBridge {
  return ctx.services.get(EMACS_SERVICE_KEY, () => EmacsBridge.fromConfig(ctx.config));
}

/**
 * The window the user is looking at: the selected window of the selected frame. While the
 * minibuffer is active that is the minibuffer, so take the window it was entered from instead.
 * A daemon with no client frame still has its initial frame, whose window shows the buffer
 * that is current for the user (e.g. after `find-file` from another emacsclient).
 */
export const USER_WINDOW = lisp`(let ((docent--w (selected-window)))
  (if (not (window-minibuffer-p docent--w)) docent--w
    (let ((docent--m (minibuffer-selected-window)))
      (cond ((window-live-p docent--m) docent--m)
            ((get-mru-window nil nil t))
            (t docent--w)))))`;

/** `file_path` for the current buffer: absolute, or JSON null when it visits no file. */
export const FILE_PATH = lisp`(if buffer-file-name (expand-file-name buffer-file-name) :null)`;

/** Emacs-style booleans as JSON booleans (nil is false, any other value true; never null). */
export const bool = (expr: ReturnType<typeof lisp>) => lisp`(if ${expr} t :false)`;
