import { buildItem, type SignatureParam } from '../build.js';
import { parseDocstring, trimDocstring } from '../doc/python.js';
import { visibilityOf } from './python.js';
import { lineCounter, splitTop } from '../fast/python-lines.js';
import type { DocItem, FileExtract } from '../types.js';
import { stringAt } from './python-strings.js';

/**
 * Documentation attached by a registration call instead of written on a definition: numpy's
 * `add_newdoc('numpy._core.multiarray', 'zeros', """zeros(shape, …)\n\nReturn a new array…""")`
 * is the only documentation `numpy.zeros` has (it is implemented in C), and
 * `add_newdoc('numpy._core', 'nditer', ('operands', """…"""))` documents a member. Each call is
 * an item of the module it names, located at the call: the extension module has no source.
 * A module-level call with literal strings only; calls built in loops are not followed.
 */

const CALL_RE = /^add_newdoc\(\s*(['"])([\w.]+)\1\s*,\s*(['"])(\w+)\3\s*,\s*(\(\s*(['"])(\w+)\6\s*,\s*)?/gm;

export function addNewdocItems(result: FileExtract, source: string, file: string, includePrivate: boolean): void {
  if (!source.includes('add_newdoc(')) return;
  const added = new Map<string, DocItem>();
  const members = new Set<string>();
  const lineAt = lineCounter(source);
  for (const m of source.matchAll(CALL_RE)) {
    const [, , module, , name, tuple, , attr] = m as unknown as [string, string, string, string, string, string | undefined, string, string | undefined];
    if (tuple) members.add(`${module}.${name}`);
    // A private name (`_reconstruct`, `ufunc._get_strided_loop`) as the extractors treat one.
    if (!includePrivate && [name, tuple ? attr : ''].some((n) => n && visibilityOf(n, null, false) === 'private')) continue;
    const text = stringAt(source, m.index! + m[0].length);
    if (!text?.trim()) continue;
    const owner = `${module}.${name}`;
    const id = tuple && attr ? `${owner}.${attr}` : owner;
    const line = lineAt(m.index!);
    const item = newdocItem(id, tuple && attr ? attr : name, module, tuple ? owner : null, text.replace(/\$\{[A-Z_]+\}/g, ''), file, line);
    if (!added.has(id)) added.set(id, item);
  }
  // A name that has documented members is a class (`ndarray`, `nditer`); one without, a function.
  for (const item of added.values()) {
    if (members.has(item.id)) {
      item.kind = 'class';
      item.signature = item.signature.replace(/^def /, 'class ');
    }
    result.items.push(item);
  }
}

/** One item from a registered docstring; its leading text signature (`zeros(shape, dtype=None)` and CPython's `--` line) is the signature. */
function newdocItem(id: string, name: string, module: string, parent: string | null, text: string, file: string, line: number): DocItem {
  let doc = trimDocstring(text);
  let params: SignatureParam[] = [];
  let signature = parent ? name : `def ${name}()`;
  const sig = leadingSignature(doc, name);
  if (sig) {
    params = sig.params;
    // CPython's text signatures mark the bound argument with `$` (`$self, /`): not something to pass.
    signature = `def ${name}(${sig.inner.replace(/^\s*\$\w+\s*(?:,\s*(?:\/\s*(?:,\s*)?)?)?/, '').replace(/\s+/g, ' ').trim()})`;
    doc = doc.slice(sig.end).replace(/^\s*\n--\s*\n/, '\n');
    // numpy repeats the signature after the `--` line.
    const again = leadingSignature(doc.replace(/^\s+/, ''), name);
    if (again) doc = doc.replace(/^\s+/, '').slice(again.end);
  }
  const kind = parent ? (sig ? 'method' : 'property') : 'function';
  return buildItem({ kind, name, id, module, visibility: 'public', language: 'python', signature, params, line, endLine: line, parent }, parseDocstring(doc), file);
}

function leadingSignature(doc: string, name: string): { inner: string; params: SignatureParam[]; end: number } | null {
  const start = /^\s*/.exec(doc)![0].length;
  if (!doc.startsWith(`${name}(`, start)) return null;
  let depth = 0;
  for (let i = start + name.length; i < doc.length; i++) {
    const c = doc[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) {
        const inner = doc.slice(start + name.length + 1, i);
        let end = i + 1;
        // A return annotation (`-> ndarray`) ends at the line's end.
        const rest = /^[ \t]*->[^\n]*/.exec(doc.slice(end));
        if (rest) end += rest[0].length;
        return { inner, params: paramsOf(inner), end };
      }
    }
  }
  return null;
}

function paramsOf(inner: string): SignatureParam[] {
  const out: SignatureParam[] = [];
  for (const raw of splitTop(inner, ',')) {
    const p = raw.trim();
    if (!p || p === '*' || p === '/' || p === 'self' || p === '...') continue;
    const eq = p.indexOf('=');
    const name = (eq < 0 ? p : p.slice(0, eq)).trim();
    if (!/^\*{0,2}[A-Za-z_]\w*$/.test(name)) continue;
    out.push({ name, type: null, default: eq < 0 ? null : p.slice(eq + 1).trim() });
  }
  return out;
}
