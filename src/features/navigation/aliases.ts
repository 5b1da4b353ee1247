import path from 'node:path';
import { readFileText } from '../../core/lsp/file-text.js';
import { lineAt } from '../../core/lsp/positions.js';
import type { Site } from './sites.js';

/**
 * Whether a place a server reports as a symbol only names another one: a C++ using-declaration
 * (`using text::padLeft;`, which clangd reports as a namespace-kind symbol) or same-named type
 * alias, a TypeScript/JavaScript import or re-export (`export { padLeft } from './pad.js'`), a
 * Python `from x import y`, a Rust `use`/`pub use`, a Go type alias (`type Name = pkg.Name`).
 * Read from the source line (and, for a name inside a multi-line import list, the statement
 * that opens the list), because servers report these with the kinds of what they name.
 */

export interface AliasInfo {
  /** The statement, trimmed (for notes). */
  text: string;
  /** The qualified name it points at, when the statement says it (`text::padLeft`). */
  target?: string;
}

const C_FAMILY = /^\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|h\+\+|ipp|inl|tpp|m|mm)$/i;
const JS_FAMILY = /^\.[cm]?[jt]sx?$/i;

/** How far up to look for the `import {` that opens a list the name is in. */
const LIST_LOOKBACK = 30;

export function aliasAt(site: Site, name: string): AliasInfo | undefined {
  const ft = readFileText(site.file);
  if (!ft) return undefined;
  const ext = path.extname(site.file);
  const line = lineAt(ft.text, site.position.line, ft.starts);
  const n = escape(name);
  if (C_FAMILY.test(ext)) {
    let m = new RegExp(`^\\s*using\\s+(?!namespace\\b)((?:[\\w]+)?(?:::[\\w]+)*::)${n}\\s*;`).exec(line);
    if (m) return { text: line.trim(), target: `${m[1]!.replace(/^::/, '')}${name}` };
    m = new RegExp(`^\\s*(?:using\\s+${n}\\s*=|namespace\\s+${n}\\s*=)\\s*((?:::)?(?:\\w+::)*${n})\\s*;`).exec(line);
    if (m) return { text: line.trim(), target: m[1]!.replace(/^::/, '') };
    return undefined;
  }
  if (JS_FAMILY.test(ext)) {
    const statement = /^\s*(import|export)\b/.test(line) ? line : openingStatement(ft.text, ft.starts, site.position.line, /^\s*(import|export)\b[^;]*\{[^}]*$/);
    if (!statement) return undefined;
    if (/^\s*export\s+(default\s+)?(async\s+)?(function|class|interface|type|enum|const|let|var|namespace|abstract|declare)\b/.test(statement)) return undefined;
    if (/^\s*import\b/.test(statement) || /^\s*export\s*(\*|\{)/.test(statement)) return { text: statement.trim() };
    return undefined;
  }
  if (ext === '.py' || ext === '.pyi') {
    const statement = /^\s*(from|import)\b/.test(line) ? line : openingStatement(ft.text, ft.starts, site.position.line, /^\s*from\s+\S+\s+import\s*\(\s*[^)]*$/);
    if (!statement) return undefined;
    const m = /^\s*from\s+(\S+)\s+import\b/.exec(statement);
    if (m) return { text: statement.trim(), target: m[1]!.startsWith('.') ? undefined : `${m[1]}.${name}` };
    if (/^\s*import\b/.test(statement)) return { text: statement.trim() };
    return undefined;
  }
  if (ext === '.rs') {
    const statement = /^\s*(pub(\([^)]*\))?\s+)?use\b/.test(line) ? line : openingStatement(ft.text, ft.starts, site.position.line, /^\s*(pub(\([^)]*\))?\s+)?use\b[^;]*\{[^}]*$/);
    if (!statement) return undefined;
    const m = new RegExp(`use\\s+((?:\\w+::)+)${n}\\s*;`).exec(statement);
    return { text: statement.trim(), target: m ? `${m[1]}${name}` : undefined };
  }
  if (ext === '.go') {
    const m = new RegExp(`^\\s*(?:type\\s+)?${n}\\s*=\\s*([\\w.]+)\\s*$`).exec(line);
    if (m && (/^\s*type\b/.test(line) || openingStatement(ft.text, ft.starts, site.position.line, /^\s*type\s*\(\s*$/))) return { text: line.trim(), target: m[1] };
    return undefined;
  }
  return undefined;
}

/** The nearest line above that opens the bracketed statement `line` is inside, if any. */
function openingStatement(text: string, starts: number[], line: number, opener: RegExp): string | undefined {
  for (let l = line - 1; l >= Math.max(0, line - LIST_LOOKBACK); l--) {
    const t = lineAt(text, l, starts);
    if (opener.test(t)) return t;
    if (/[;})]\s*$/.test(t) || !t.trim()) return undefined;
  }
  return undefined;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
