;;; emacs-info-lookup.el --- run Emacs's own info-lookup-symbol over a list of symbols  -*- lexical-binding: t -*-
;; Usage: emacs --batch -Q -l emacs-info-lookup.el INFO-DIR SYMBOLS-FILE
;; Prints one JSON object per symbol: {"symbol", "node", "line_text", "at_start", "ms"}.
;; The lookup is emacs-lisp-mode's, restricted to the elisp manual's index (docent's
;; `manual: "elisp"`); everything else (regexp, prefix, suffix) is Emacs's default.
(require 'info)
(require 'info-look)
(require 'json)
(let* ((args command-line-args-left)
       (dir (expand-file-name (nth 0 args)))
       (file (nth 1 args))
       (symbols (with-temp-buffer
                  (insert-file-contents file)
                  (split-string (buffer-string) "\n" t))))
  (setq command-line-args-left nil)
  (setq Info-directory-list (list dir)
        Info-additional-directory-list nil
        info-lookup-other-window-flag nil)
  (info-lookup-add-help
   :mode 'emacs-lisp-mode
   :regexp "[^][()`'‘’,\" \t\n]+"
   :doc-spec '(("(elisp)Index" nil "^ -+ .*: " "\\( \\|$\\)")))
  (dolist (sym symbols)
    (let ((start (float-time)) node text at-start err)
      (condition-case e
          (progn
            (info-lookup-symbol sym 'emacs-lisp-mode)
            (with-current-buffer "*info*"
              (setq node Info-current-node
                    at-start (= (point) (point-min))
                    text (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))
        (error (setq err (error-message-string e))))
      (princ (concat (json-encode `((symbol . ,sym) (node . ,node) (line_text . ,text)
                                    (at_start . ,(if at-start t :json-false)) (error . ,err)
                                    (ms . ,(* 1000 (- (float-time) start)))))
                     "\n")))))
