import type { Node, Tree } from 'web-tree-sitter';
import { buildItem, moduleInfo, docMarkdown, oneLine, type SignatureParam } from '../build.js';
import { ItemSink, type ExtractOptions } from '../context.js';
import { stripLineComments, type RawComment } from '../doc/comments.js';
import { parseGoDoc } from '../doc/markdown.js';
import { firstSentence, type ParsedDoc } from '../doc/model.js';
import { field, leadingComments, namedChildren, trailingComment } from '../syntax.js';
import type { FileExtract, ItemKind, Reexport } from '../types.js';
import { goAliasReexport, goImportNames } from './go-aliases.js';

/**
 * Go: the comment directly above a declaration (or above a spec inside a grouped `type (…)`,
 * `const (…)`), Go doc conventions (indented code blocks, `Deprecated:` paragraphs, `[Name]`
 * links), exported = capitalised. Ids are `importpath.Name` and `importpath.Type.Method`, with
 * the import path from go.mod when there is one. In `_test.go` files only `Example…` functions
 * are kept, as items of kind `example` attached to the item they illustrate.
 */

export function goModulePath(file: string, goModule: string | undefined, pkgName: string, goModules?: readonly { dir: string; module: string }[]): string {
  const dir = file.replace(/\\/g, '/').split('/').slice(0, -1).join('/');
  // A go.work's module the file is in (the deepest): its import path, then the folders below it.
  let inModule: { dir: string; module: string } | undefined;
  for (const m of goModules ?? []) if ((!m.dir || dir === m.dir || dir.startsWith(`${m.dir}/`)) && m.dir.length >= (inModule?.dir.length ?? -1)) inModule = m;
  if (inModule) {
    const below = inModule.dir ? dir.slice(inModule.dir.length + 1) : dir;
    return below ? `${inModule.module}/${below}` : inModule.module;
  }
  // The standard library's go.mod says `module std`, but its packages are imported by their
  // directory alone: `os`, `encoding/json`, not `std/encoding/json`.
  if (goModule === 'std' && dir) return dir;
  if (goModule) return dir ? `${goModule}/${dir}` : goModule;
  return dir || pkgName;
}

function textOf(comments: RawComment[]): string {
  return stripLineComments(comments.flatMap((c) => (c.text.startsWith('/*') ? c.text.replace(/^\/\*|\*\/$/g, '').split('\n').map((l) => `// ${l}`) : [c.text])));
}

function docOf(node: Node, trailingOn?: Node): ParsedDoc | null {
  const comments = leadingComments(node);
  let text = comments.length ? textOf(comments) : '';
  if (!text && trailingOn) {
    const t = trailingComment(trailingOn);
    if (t) text = textOf([t]);
  }
  return text.trim() ? parseGoDoc(text) : null;
}

const exported = (name: string) => /^\p{Lu}/u.test(name);

function params(list: Node | null): SignatureParam[] {
  if (!list) return [];
  const out: SignatureParam[] = [];
  for (const p of namedChildren(list)) {
    if (p.type !== 'parameter_declaration' && p.type !== 'variadic_parameter_declaration') continue;
    const type = field(p, 'type')?.text ?? null;
    const names = p.childrenForFieldName('name').filter((n): n is Node => !!n).map((n) => n.text);
    const t = p.type === 'variadic_parameter_declaration' && type ? `...${type}` : type;
    if (!names.length) out.push({ name: '', type: t });
    for (const n of names) out.push({ name: n, type: t });
  }
  return out;
}

export function extractGo(tree: Tree, source: string, opts: ExtractOptions): FileExtract {
  const root = tree.rootNode;
  const sink = new ItemSink(opts.includePrivate);
  const isTest = /_test\.go$/.test(opts.file);
  const pkgClause = namedChildren(root).find((n) => n.type === 'package_clause');
  const pkgName = (pkgClause?.namedChild(0)?.text ?? 'main').replace(/_test$/, '');
  const module = goModulePath(opts.file, opts.project?.goModule, pkgName, opts.project?.goModules);
  const imports: string[] = [];
  /** Each import's name in this file (`fs` for "io/fs"), for type aliases (go-aliases.ts). */
  const importedAs = new Map<string, string>();
  const reexports: Reexport[] = [];
  const moduleDoc = pkgClause ? docOf(pkgClause) : null;
  // The standard library's `builtin` package documents the predeclared identifiers (`append`,
  // `len`, `make`, `error`): lower-case, yet what every program calls.
  const predeclared = opts.project?.goModule === 'std' && module === 'builtin';

  const add = (kind: ItemKind, name: string, node: Node, anchor: Node, signature: string, parent: string | null, extra: { params?: SignatureParam[]; returnType?: string | null; implements?: string[]; trailingOn?: Node } = {}) => {
    const doc = docOf(anchor, extra.trailingOn);
    const id = parent ? `${parent}.${name}` : `${module}.${name}`;
    const item = buildItem(
      {
        kind, name, id, module, visibility: predeclared || (exported(name) && (!parent || exported(parent.split('.').pop()!))) ? 'public' : 'internal', language: 'go', signature,
        params: extra.params, returnType: extra.returnType ?? null, line: node.startPosition.row + 1, endLine: node.endPosition.row + 1, parent, implements: extra.implements,
      },
      doc,
      opts.file,
    );
    sink.add(item);
    return item;
  };
  const header = (n: Node, body: Node | null) => oneLine(source.slice(n.startIndex, body ? body.startIndex : n.endIndex).replace(/\s*\{\s*$/, ''));

  for (const n of namedChildren(root)) {
    switch (n.type) {
      case 'import_declaration':
        for (const spec of n.descendantsOfType('import_spec')) {
          const p = spec && field(spec, 'path')?.text;
          if (!p) continue;
          const path = p.replace(/^["`]|["`]$/g, '');
          imports.push(path);
          const local = field(spec, 'name')?.text;
          if (local) {
            if (local !== '_' && local !== '.') importedAs.set(local, path);
          } else for (const name of goImportNames(path)) if (!importedAs.has(name)) importedAs.set(name, path);
        }
        break;
      case 'function_declaration': {
        const name = field(n, 'name')?.text;
        if (!name) break;
        if (isTest) {
          if (/^Example/.test(name)) exampleFunction(n, name);
          break;
        }
        const result = field(n, 'result');
        add('function', name, n, n, header(n, field(n, 'body')), null, { params: params(field(n, 'parameters')), returnType: result ? oneLine(result.text) : null });
        break;
      }
      case 'method_declaration': {
        if (isTest) break;
        const name = field(n, 'name')?.text;
        const recv = field(n, 'receiver');
        const recvType = recv?.descendantsOfType('type_identifier')[0]?.text;
        if (!name || !recvType) break;
        const result = field(n, 'result');
        add('method', name, n, n, header(n, field(n, 'body')), `${module}.${recvType}`, { params: params(field(n, 'parameters')), returnType: result ? oneLine(result.text) : null });
        break;
      }
      case 'type_declaration': {
        if (isTest) break;
        const specs = namedChildren(n).filter((c) => c.type === 'type_spec' || c.type === 'type_alias');
        const grouped = /^type\s*\(/.test(n.text);
        for (const spec of specs) typeSpec(spec, grouped ? spec : n);
        break;
      }
      case 'const_declaration':
      case 'var_declaration': {
        if (isTest) break;
        const specs = namedChildren(n).filter((c) => c.type === 'const_spec' || c.type === 'var_spec');
        const grouped = /^(const|var)\s*\(/.test(n.text);
        for (const spec of specs) {
          for (const nm of spec.childrenForFieldName('name')) {
            if (!nm || nm.text === '_') continue;
            const value = field(spec, 'value');
            const sig = oneLine(`${n.type === 'const_declaration' ? 'const' : 'var'} ${spec.text.length <= 120 ? spec.text : source.slice(spec.startIndex, value ? value.startIndex : spec.endIndex)}`);
            const anchor = grouped ? spec : n;
            // A grouped declaration's comment documents the group; a spec's own comment wins.
            const item = add(n.type === 'const_declaration' ? 'constant' : 'variable', nm.text, spec, anchor, sig, null, { trailingOn: spec });
            if (!item.doc && grouped && !docOf(spec, spec)) {
              const groupDoc = docOf(n);
              if (groupDoc) Object.assign(item, { doc: docMarkdown(groupDoc), summary: firstSentence(groupDoc.description) });
            }
          }
        }
        break;
      }
    }
  }

  function typeSpec(spec: Node, anchor: Node): void {
    const name = field(spec, 'name')?.text;
    const ty = field(spec, 'type');
    if (!name || !ty) return;
    const kind: ItemKind = ty.type === 'struct_type' ? 'struct' : ty.type === 'interface_type' ? 'interface' : 'type';
    const re = spec.type === 'type_alias' && exported(name) ? goAliasReexport(module, name, ty.text, importedAs) : null;
    if (re) reexports.push(re);
    const sig = kind === 'type' ? oneLine(`type ${spec.text}`, 200) : `type ${name}${field(spec, 'type_parameters')?.text ?? ''} ${kind}`;
    const embedded: string[] = [];
    const item = add(kind, name, spec, anchor, sig, null);
    if (kind === 'struct') {
      const list = namedChildren(ty).find((c) => c.type === 'field_declaration_list');
      for (const f of list ? namedChildren(list) : []) {
        if (f.type !== 'field_declaration') continue;
        const names = f.childrenForFieldName('name').filter((x): x is Node => !!x);
        if (!names.length) embedded.push(field(f, 'type')?.text.replace(/^\*/, '') ?? '');
        for (const fn of names) add('field', fn.text, f, f, oneLine(f.text.replace(/\s*\/\/.*$/, '')), item.id, { trailingOn: f });
      }
    } else if (kind === 'interface') {
      for (const m of namedChildren(ty)) {
        if (m.type === 'method_spec' || m.type === 'method_elem') {
          const mn = field(m, 'name')?.text;
          const result = field(m, 'result');
          if (mn) add('method', mn, m, m, oneLine(m.text), item.id, { params: params(field(m, 'parameters')), returnType: result ? oneLine(result.text) : null, trailingOn: m });
        } else if (m.type !== 'comment') embedded.push(m.text);
      }
    }
    item.implements = embedded.filter(Boolean);
  }

  /** `ExampleFoo`, `ExampleFoo_Bar`, `ExampleFoo_Bar_suffix`, `Example_suffix`, `Example`. */
  function exampleFunction(n: Node, name: string): void {
    const body = field(n, 'body');
    if (!body) return;
    const parts = name.slice('Example'.length).split('_');
    let suffix: string | null = null;
    if (parts.length > 1 && /^\p{Ll}/u.test(parts[parts.length - 1]!)) suffix = parts.pop()!;
    const target = parts.filter(Boolean).join('.');
    const inner = source.slice(body.startIndex + 1, body.endIndex - 1).replace(/^\n/, '');
    const lines = inner.split('\n');
    let min = Infinity;
    for (const l of lines) if (l.trim()) min = Math.min(min, /^\s*/.exec(l)![0].length);
    const code = lines.map((l) => l.slice(Number.isFinite(min) ? min : 0)).join('\n').replace(/\s+$/, '');
    const doc = docOf(n);
    const item = buildItem(
      { kind: 'example', name, id: `${module}.${name}`, module, visibility: 'public', language: 'go', signature: `func ${name}()`, line: n.startPosition.row + 1, endLine: n.endPosition.row + 1, parent: target ? `${module}.${target}` : module },
      doc,
      opts.file,
    );
    item.examples = [{ code, description: doc?.description || suffix, language: 'go' }];
    sink.add(item);
  }

  return {
    language: 'go',
    module: moduleInfo(module, moduleDoc),
    items: sink.items,
    imports,
    errors: root.hasError ? 1 : 0,
    ...(reexports.length ? { reexports } : {}),
  };
}
