import { describe, expect, it } from 'vitest';
import { classifyFailure, clientArgs, resolveSocket } from '../../../src/core/emacs/client.js';
import { decodeAnswer, jsonProgram, lisp, lispString } from '../../../src/core/emacs/lisp.js';

const server = { emacsclient: 'emacsclient', timeoutMs: 5000 };

describe('lisp templates', () => {
  it('splices Lisp fragments, integers and booleans only', () => {
    expect(lisp`(+ ${1} ${lisp`(* 2 ${3})`})`.code).toBe('(+ 1 (* 2 3))');
    expect(lisp`(list ${true} ${false} ${null})`.code).toBe('(list t nil nil)');
    // @ts-expect-error: strings must go through lispString
    expect(() => lisp`(insert ${'"); (delete-file "x'})`).toThrow(TypeError);
    expect(() => lisp`(goto-char ${1.5})`).toThrow(TypeError);
    expect(() => lisp`(goto-char ${Number.NaN})`).toThrow(TypeError);
  });

  it('ships caller strings as base64 that only the Lisp decodes', () => {
    const nasty = 'a "quoted" \\ back\nslash ą 😀 \0 ") (kill-emacs) ("';
    const code = lispString(nasty).code;
    const m = /^\(decode-coding-string \(base64-decode-string "([A-Za-z0-9+/=]*)"\) 'utf-8\)$/.exec(code);
    expect(m).not.toBeNull();
    expect(Buffer.from(m![1]!, 'base64').toString('utf8')).toBe(nasty);
    expect(code).not.toContain('kill-emacs');
  });

  it('wraps a query so Emacs answers with base64 JSON in an envelope, with a json.el fallback', () => {
    const code = jsonProgram(lisp`(point)`).code;
    expect(code).toContain('(json-serialize');
    expect(code).toContain("(require 'json)");
    expect(code).toContain('(json-false :false)');
    expect(code).toContain("(encode-coding-string s 'utf-8 t)");
    expect(code).toContain('(error-message-string docent--err)');
    // Balanced parentheses outside string literals.
    let depth = 0;
    let inString = false;
    for (let i = 0; i < code.length; i++) {
      const ch = code[i];
      if (inString) {
        if (ch === '\\') i++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '(') depth++;
      else if (ch === ')') depth--;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });

  it('decodes emacsclient\'s printed base64 string, and rejects anything else', () => {
    const json = JSON.stringify({ value: { text: 'ą 😀 "\\' } });
    expect(decodeAnswer(`"${Buffer.from(json).toString('base64')}"\n`)).toBe(json);
    expect(() => decodeAnswer('nil\n')).toThrow(/unexpected emacsclient output/);
    expect(() => decodeAnswer('')).toThrow(/empty/);
  });
});

describe('emacsclient invocation', () => {
  it('finds the server: configured socket, else EMACS_SOCKET_NAME, else the default', () => {
    expect(resolveSocket('work', { EMACS_SOCKET_NAME: 'env' })).toBe('work');
    expect(resolveSocket(undefined, { EMACS_SOCKET_NAME: 'env' })).toBe('env');
    expect(resolveSocket(undefined, {})).toBeUndefined();
    expect(clientArgs({ ...server, socket: '/run/emacs/server' }, '(point)', {})).toEqual(['--socket-name=/run/emacs/server', '--eval', '(point)']);
    expect(clientArgs({ ...server, serverFile: '/home/u/.emacs.d/server/server' }, 't', {})).toEqual([
      '--server-file=/home/u/.emacs.d/server/server',
      '--eval',
      't',
    ]);
    expect(clientArgs(server, 't', {})).toEqual(['--eval', 't']);
  });

  it('maps emacsclient failures to stable codes', () => {
    const lispErr = classifyFailure('*ERROR*: Wrong type argument: stringp, nil\n', server, {});
    expect(lispErr.code).toBe('E_INTERNAL');
    expect(lispErr.message).toContain('Wrong type argument: stringp, nil');
    const noServer = classifyFailure(
      'emacsclient: can\'t find socket; have you started the server?\nemacsclient: To start the server in Emacs, type "M-x server-start".\nemacsclient: error accessing socket "x"\n',
      { ...server, socket: 'x' },
      {},
    );
    expect(noServer.code).toBe('E_UNAVAILABLE');
    expect(noServer.message).toContain('socket "x"');
    expect(noServer.hint).toContain('emacs --daemon');
    // The default socket: emacsclient's alternate-editor advice is not passed on.
    const usage = classifyFailure(
      'emacsclient: can\'t find socket; have you started the server?\nemacsclient: To start the server in Emacs, type "M-x server-start".\nemacsclient: No socket or alternate editor.  Please use:\n\n\t--socket-name\n\t--alternate-editor (or environment variable ALTERNATE_EDITOR)\n',
      server,
      {},
    );
    expect(usage.message).toMatch(/emacsclient said: can't find socket; have you started the server\?$/);
  });
});
