import type { DocItem, FileExtract } from '../types.js';

/**
 * C/C++ names that only rename another declaration: `#define compress2 z_compress2` and
 * `using path = basic_path;`. When the alias has no doc of its own and its target is declared
 * in the same file, the alias carries the target's documentation (and `tags.alias_of`), so a
 * search for what it does finds it under the name users write.
 */
export function addCAliases(result: FileExtract): void {
  const byName = new Map<string, DocItem>();
  for (const i of result.items) if ((i.doc || i.summary) && i.kind !== 'macro') byName.set(i.parent ? `${i.parent}::${i.name}` : i.name, i);
  for (const i of result.items) {
    if (i.summary || i.doc) continue;
    let targetName: string | undefined;
    const macro = i.kind === 'macro' ? /^#define\s+[A-Za-z_]\w*\s+([A-Za-z_]\w*)$/.exec(i.signature) : null;
    if (macro) targetName = macro[1];
    const using = i.kind === 'type' ? /\busing\s+\w+\s*=\s*(?:typename\s+)?([A-Za-z_][\w:]*)\s*$/.exec(i.signature) : null;
    if (using) targetName = i.parent ? `${i.parent}::${using[1]}` : using[1];
    const target = targetName ? byName.get(targetName) ?? byName.get(targetName.split('::').pop()!) : undefined;
    if (!target) continue;
    i.summary = target.summary;
    i.doc = target.doc;
    if (!i.params.length) i.params = target.params;
    i.returns ??= target.returns;
    i.tags = { ...i.tags, alias_of: target.id };
  }
}
