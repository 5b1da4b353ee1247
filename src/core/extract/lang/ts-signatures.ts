import type { Node } from 'web-tree-sitter';
import { oneLine, type SignatureParam } from '../build.js';
import { field, namedChildren } from '../syntax.js';

/** A TypeScript/JavaScript declaration's parameters and types, as its signature spells them. */

/** A type annotation's text (`: Map<string, number>` → `Map<string, number>`), or null. */
export function typeOf(n: Node | null): string | null {
  if (!n) return null;
  return oneLine(n.text.replace(/^:\s*/, '')) || null;
}

/** The parameters of a function, method or arrow function: names, types, defaults, rest and patterns. */
export function sigParams(params: Node | null): SignatureParam[] {
  if (!params) return [];
  if (params.type === 'identifier') return [{ name: params.text, type: null }];
  const out: SignatureParam[] = [];
  for (const p of namedChildren(params)) {
    switch (p.type) {
      case 'required_parameter':
      case 'optional_parameter': {
        const pat = field(p, 'pattern');
        if (!pat || pat.type === 'this') continue;
        const name = pat.type === 'rest_pattern' ? `...${pat.namedChild(0)?.text ?? ''}` : pat.text;
        out.push({ name, type: typeOf(field(p, 'type')), default: field(p, 'value')?.text ?? null });
        break;
      }
      case 'identifier':
        out.push({ name: p.text, type: null });
        break;
      case 'assignment_pattern':
        out.push({ name: field(p, 'left')?.text ?? p.text, type: null, default: field(p, 'right')?.text ?? null });
        break;
      case 'rest_pattern':
        out.push({ name: `...${p.namedChild(0)?.text ?? ''}`, type: null });
        break;
      case 'object_pattern':
      case 'array_pattern':
        out.push({ name: oneLine(p.text), type: null });
        break;
    }
  }
  return out;
}
