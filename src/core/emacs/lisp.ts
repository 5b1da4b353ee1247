/**
 * Lisp built only from fixed templates.
 *
 * docent never sends caller-supplied text to Emacs as code. A `Lisp` value can only be made by
 * the `lisp` tagged template, whose literal parts are written in docent's source, and whose
 * interpolations are restricted to other `Lisp` values, whole numbers and booleans. Caller
 * strings (a buffer name, say) go through `lispString`, which ships them as base64 that the
 * Lisp decodes at run time, so no quoting or escaping ever depends on their content.
 */
export class Lisp {
  /** Use `lisp`…`` or `lispString` instead; the constructor is not meant for caller text. */
  private constructor(readonly code: string) {}

  /** @internal */
  static unsafeFromTemplate(code: string): Lisp {
    return new Lisp(code);
  }

  toString(): string {
    return this.code;
  }
}

export type LispValue = Lisp | number | boolean | null;

function atom(value: LispValue): string {
  if (value instanceof Lisp) return value.code;
  if (value === null || value === false) return 'nil';
  if (value === true) return 't';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  // Anything else (a string, a float, an object) would be spliced as code: refuse it.
  throw new TypeError(`lisp template: refusing to splice ${typeof value} ${String(value)}; use lispString()`);
}

/** A Lisp expression from a template literal; interpolations must be Lisp, integers or booleans. */
export function lisp(strings: TemplateStringsArray, ...values: LispValue[]): Lisp {
  let code = strings[0] ?? '';
  values.forEach((v, i) => {
    code += atom(v) + (strings[i + 1] ?? '');
  });
  return Lisp.unsafeFromTemplate(code);
}

/**
 * A Lisp expression that evaluates to `value`, whatever characters it holds: the UTF-8 bytes
 * go over as base64 (whose alphabet needs no escaping in a Lisp string) and are decoded in Emacs.
 */
export function lispString(value: string): Lisp {
  const b64 = Buffer.from(value, 'utf8').toString('base64');
  return Lisp.unsafeFromTemplate(`(decode-coding-string (base64-decode-string "${b64}") 'utf-8)`);
}

/**
 * Serialise a Lisp value to a JSON string, on any Emacs from 27 on: the native `json-serialize`
 * when Emacs was built with it, else json.el. Data uses the native conventions (alists with
 * symbol keys for objects, vectors for arrays, `t` / `:false` / `:null`); json.el is told the same
 * spellings so that both give identical text, and `nil` never stands for a boolean.
 */
const toJson = (value: Lisp): Lisp => lisp`(condition-case nil
      (json-serialize ${value})
    (error (progn (require 'json)
                  (let ((json-false :false) (json-null :null) (json-encoding-pretty-print nil))
                    (json-encode ${value})))))`;

/**
 * Wrap a query so that Emacs answers with one base64 string of UTF-8 JSON, always:
 * `{"value": …}` on success, `{"error": message, "signal": symbol}` when the Lisp signals.
 * Base64 protects the answer from emacsclient's own quoting (which mangles non-ASCII and
 * control characters); the envelope lets docent tell a Lisp error from a transport failure.
 */
export function jsonProgram(body: Lisp): Lisp {
  const value = lisp`docent--value`;
  const envelope = lisp`(list (cons 'value docent--value))`;
  const failure = lisp`(list (cons 'error (error-message-string docent--err))
                             (cons 'signal (symbol-name (car docent--err))))`;
  return lisp`(let ((docent--b64 (lambda (s) (base64-encode-string (encode-coding-string s 'utf-8 t) t))))
  (condition-case docent--err
      (let ((${value} ${body}))
        (funcall docent--b64 ${toJson(envelope)}))
    (error
     (condition-case nil
         (funcall docent--b64 ${toJson(failure)})
       (error (funcall docent--b64 "{\\"error\\":\\"unprintable Lisp error\\",\\"signal\\":\\"error\\"}"))))))`;
}

/** The JSON text inside emacsclient's printed answer: a quoted base64 string. */
export function decodeAnswer(stdout: string): string {
  const m = /^"([A-Za-z0-9+/=]*)"$/.exec(stdout.trim());
  if (!m) throw new Error(`unexpected emacsclient output: ${stdout.trim().slice(0, 200) || '(empty)'}`);
  return Buffer.from(m[1]!, 'base64').toString('utf8');
}
