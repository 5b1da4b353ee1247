import type { Statement } from 'better-sqlite3';
import { contextWords, coverage, matchers } from '../rank/coverage.js';
import type { QueryShape } from '../rank/query-shape.js';

/**
 * What modules say of themselves, as search uses it for questions in words: the words of each
 * candidate's module doc (a question's word found only there still counts, for less: coverage.ts
 * CONTEXT_CREDIT), and the members of the modules the question names or whose docs best
 * match it, which join the candidates. Both are remembered until the index is written (`clear`).
 */

/**
 * A prose question also takes the public top-level members of the (at most) two candidate
 * modules whose own docs have most of its words (MODULE_COVERAGE of their weight), up to
 * MODULE_MEMBERS each: "read the rows of a comma separated file" names `_csv`'s doc, not
 * `reader`'s. Measured with the module context credit (coverage.ts CONTEXT_CREDIT): short queries
 * 0.815 → 0.831, C-implemented answers 0.587 → 0.591, held-out +0.003; 20 or 80 members, or four
 * modules, the same.
 */
const MODULE_EXPAND = 2;
const MODULE_COVERAGE = 0.4;
const MODULE_MEMBERS = 20;
/**
 * A question's word that is a top-level module's name (`random`, `json`, `string`) brings up to
 * this many of that module's public members: "put the items of a list in random order" shares
 * no other word with `random.shuffle` ("Shuffle list x in place"), and in the thousands of rows
 * that say "random" it ranks nowhere. Measured (bench/docs-quality): Python tuning 0.539 →
 * 0.549 (json.dumps, random.randint, random.shuffle from misses to #4, #5, #10), held-out 0.451
 * → 0.458 (string.Template to #4), every other set unchanged; 100 members the same.
 */
const NAMED_MEMBERS = 40;

export class ModuleDocs {
  /** Module docs' words read so far (`of`). */
  private readonly memo = new Map<string, readonly string[]>();
  private takers: Map<string, string[]> | null = null;

  constructor(private readonly prep: (sql: string) => Statement) {}

  /** Forget what was read: the index was written since. */
  clear(): void {
    this.memo.clear();
    this.takers = null;
  }

  /**
   * The public top-level members of the modules a question's words name (NAMED_MEMBERS) and of
   * the candidate modules whose docs best cover the question (MODULE_EXPAND). A named package
   * that defines little itself also gives what it re-exports (`reexports`: public-paths.ts),
   * and two adjacent words may name it. With both, `jsonschema.validate` (defined in
   * jsonschema.validators) became a candidate for "check a json instance against a json schema"
   * (a miss, now 17th); every question set unchanged.
   */
  membersOfMatching(shape: QueryShape, rows: readonly { id: string; kind: string; summary: string; doc_head: string }[], reexports?: (module: string) => { public: string; target: string }[]): number[] {
    const named = this.namedModules(shape);
    const members = this.prep(`SELECT rowid FROM items WHERE module = ? AND parent IS NULL AND kind != 'module' AND visibility = 'public' LIMIT ?`).pluck();
    const byId = this.prep(`SELECT rowid FROM items WHERE id = ? AND parent IS NULL AND visibility = 'public' LIMIT 1`).pluck();
    const byName = named.flatMap((w) => {
      const own = members.all(w, NAMED_MEMBERS) as number[];
      if (!reexports || own.length >= NAMED_MEMBERS) return own;
      // A package that defines little itself and re-exports its API (`jsonschema.validate` from
      // jsonschema.validators): the names it re-exports, and the members of modules it star-imports.
      const more: number[] = [];
      for (const r of reexports(w)) {
        if (own.length + more.length >= NAMED_MEMBERS) break;
        if (r.public.endsWith('*')) more.push(...(members.all(r.target.replace(/[.:/]+\*$/, ''), NAMED_MEMBERS - own.length - more.length) as number[]));
        else {
          const rowid = byId.get(r.target) as number | undefined;
          if (rowid !== undefined) more.push(rowid);
        }
      }
      return [...own, ...more];
    });
    const mods = rows.filter((r) => r.kind === 'module');
    if (!mods.length) return [...new Set(byName)];
    const ms = matchers(shape);
    const scored = mods.map((m) => ({ id: m.id, cov: coverage(shape, `${m.id} ${m.summary} ${m.doc_head}`, ms) })).filter((m) => m.cov >= MODULE_COVERAGE).sort((a, b) => b.cov - a.cov).slice(0, MODULE_EXPAND);
    // And those of a module that takes its doc from a matching one (csv from _csv): the module users import.
    const docTakers = this.docTakers();
    // A module both named and matching gives its members once.
    return [...new Set([...byName, ...scored.flatMap((m) => [m.id, ...(docTakers.get(m.id) ?? [])]).flatMap((id) => members.all(id, MODULE_MEMBERS) as number[])])];
  }

  /** The modules a question names: by one of its words (`json`), or by two adjacent ones ("json schema": `jsonschema`). */
  private namedModules(shape: QueryShape): string[] {
    const isModule = this.prep(`SELECT 1 FROM items WHERE id = ? AND kind = 'module' LIMIT 1`).pluck();
    const named = shape.words.filter((w) => (shape.idf.get(w) ?? 0) > 0 && isModule.get(w));
    const tokens = shape.raw.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    for (let i = 0; i + 1 < tokens.length; i++) {
      const joined = tokens[i]! + tokens[i + 1]!;
      if (!named.includes(joined) && isModule.get(joined)) named.push(joined);
    }
    return named;
  }

  /** Read the doc takers (docTakers, below) now rather than in the first question in words. */
  prepare(): void {
    this.docTakers();
  }

  /**
   * Modules whose doc is another's (`from _csv import __doc__` in csv.py: extraction tags the
   * module item `doc_from`), by the module they take it from. Read once per index write.
   */
  private docTakers(): Map<string, string[]> {
    if (this.takers) return this.takers;
    const map = new Map<string, string[]>();
    for (const r of this.prep(`SELECT id, json_extract(data, '$.tags.doc_from') AS source FROM items WHERE kind = 'module' AND data LIKE '%"doc_from"%'`).all() as { id: string; source: string | null }[]) {
      if (!r.source) continue;
      const list = map.get(r.source);
      if (list) list.push(r.id);
      else map.set(r.source, [r.id]);
    }
    this.takers = map;
    return map;
  }

  /**
   * The words of each module's own doc (its summary and doc head, coverage.ts contextWords, and
   * those of the module it takes its doc from), remembered per module: looked up by prefix for
   * every candidate of every question in words, where scanning the text each time cost ~10% of
   * a search.
   */
  of(modules: readonly string[]): Map<string, readonly string[]> {
    const out = new Map<string, readonly string[]>();
    const get = this.prep(`SELECT summary || ' ' || doc_head || ' ' || coalesce((SELECT o.summary || ' ' || o.doc_head FROM items o WHERE o.id = json_extract(i.data, '$.tags.doc_from') AND o.kind = 'module' LIMIT 1), '') FROM items i WHERE i.id = ? AND i.kind = 'module' LIMIT 1`).pluck();
    for (const m of modules) {
      if (out.has(m)) continue;
      let words = this.memo.get(m);
      if (words === undefined) {
        words = contextWords((get.get(m) as string | undefined) ?? '');
        if (this.memo.size > 20_000) this.memo.clear();
        this.memo.set(m, words);
      }
      out.set(m, words);
    }
    return out;
  }
}
