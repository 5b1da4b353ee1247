import type { IndexQueries } from './query.js';
import type { NameSketch } from './name-sketch.js';
import type { PackageProbe } from './deps/fanout.js';

/**
 * One database a docs query reads: a root's own index, or an installed package's (shared by
 * every project using that version, see deps/). Features fan a query out over the sources of
 * a DocsIndex and merge the answers.
 */
export interface IndexSource {
  /** The directory the source's file paths are relative to. */
  root: string;
  queries: IndexQueries;
  /** The database's file (the search lane's thread opens it too: search-lane.ts). */
  dbPath?: string;
  /** A first build's quick view of every name (name-sketch.ts), while the build runs: docs_search answers names from it too. */
  sketch?: NameSketch | null;
  /** Set on an installed package's database. */
  dependency?: {
    ecosystem: string;
    name: string;
    version: string;
    /** A file of the package as the caller sees it: relative to the project root when inside it, else absolute. */
    display(rel: string): string;
    /** How well the package may answer a search (deps/fanout.ts): docs_search asks only the best. */
    probe?: PackageProbe;
    /** The language's standard library: searched whatever the probe says (deps/fanout.ts). */
    standardLibrary?: boolean;
  };
}
