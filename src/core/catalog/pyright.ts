import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Catalog, CatalogEntry } from './entry.js';

/**
 * pyright's own catalogue, read from the package it ships (dist/pyright-internal.js): the
 * `DiagnosticRule` names (`reportAttributeAccessIssue`, …), which localized messages each rule
 * reports (`reportX, LocMessage.someMessage()` at the checker's call sites), the English text
 * of those messages, and the documentation link pyright itself gives a rule
 * (configuration.md#<rule>, as in its codeDescription.href).
 */

const DOCS = 'https://github.com/microsoft/pyright/blob/main/docs/configuration.md#';

export class PyrightCatalog implements Catalog {
  private readonly rules = new Set<string>();
  private readonly messages = new Map<string, string[]>();

  private constructor(
    source: string,
    readonly version: string,
  ) {
    for (const m of source.matchAll(/\b\w\.(report\w+)="\1"/g)) this.rules.add(m[1]!);
    const english = englishMessages(source);
    for (const m of source.matchAll(/DiagnosticRule\.(report\w+),\w+\.LocMessage\.(\w+)\(\)/g)) {
      const text = english.get(m[2]!);
      if (!text) continue;
      const list = this.messages.get(m[1]!) ?? [];
      if (!list.includes(text)) list.push(text);
      this.messages.set(m[1]!, list);
    }
  }

  static load(projectRoots: readonly string[]): PyrightCatalog | undefined {
    for (const from of [...projectRoots.map((r) => path.join(r, 'package.json')), import.meta.url]) {
      try {
        const req = createRequire(from);
        const pkg = req.resolve('pyright/package.json');
        const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
        return new PyrightCatalog(readFileSync(path.join(path.dirname(pkg), 'dist', 'pyright-internal.js'), 'utf8'), version);
      } catch {
        // not there
      }
    }
    return undefined;
  }

  codes(): string[] {
    return [...this.rules].map((r) => `pyright:${r}`);
  }

  lookup(code: string): CatalogEntry | undefined {
    const rule = code.trim().replace(/^pyright:/i, '');
    if (!this.rules.has(rule)) return undefined;
    const msgs = this.messages.get(rule) ?? [];
    const shown = msgs.slice(0, 8).map((m) => `  - ${m}`);
    return {
      code: `pyright:${rule}`,
      source: 'pyright',
      title: rule.replace(/^report/, '').replace(/([a-z])([A-Z])/g, '$1 $2'),
      explanation:
        `pyright ${this.version} reports rule ${rule}` +
        (shown.length ? ` with messages such as:\n${shown.join('\n')}${msgs.length > shown.length ? `\n  (and ${msgs.length - shown.length} more)` : ''}` : '.') +
        `\nIts severity is set per project ("${rule}": "none" | "information" | "warning" | "error" in pyrightconfig.json or [tool.pyright] in pyproject.toml); a "# pyright: ignore[${rule}]" comment silences one line.`,
      docs_url: DOCS + rule,
    };
  }
}

/** The English "Localization.Diagnostic" messages embedded in pyright (key -> template). */
function englishMessages(source: string): Map<string, string> {
  const out = new Map<string, string>();
  // The English bundle is the one whose abstractMethodInvocation starts with "Method".
  const at = source.indexOf('"Diagnostic":{"abstractMethodInvocation":"Method ');
  if (at < 0) return out;
  const end = source.indexOf('"DiagnosticAddendum":{', at);
  const block = source.slice(at, end > at ? end : at + 200_000);
  // Values are JSON inside a JS string literal: a quote in a message reads \\" there.
  for (const m of block.matchAll(/"(\w+)":"((?:\\\\"|\\.|[^"\\])*)"/g)) {
    const text = m[2]!
      .replace(/\\\\"/g, '"')
      .replace(/\\x([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\n/g, '\n')
      .replace(/\\\\/g, '\\');
    out.set(m[1]!, text);
  }
  return out;
}
