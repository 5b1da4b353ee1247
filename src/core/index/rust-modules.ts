import type { Statement } from 'better-sqlite3';

/**
 * Whether a Rust item can be named from outside its crate. `pub` on an item is not enough: every
 * module on its path must be public too (`pub mod`), or re-export it (`pub use`). std's `mod
 * sys;` is private, so `std::sys::unix::thread::Thread::sleep` is no API, however `pub` it is
 * inside; `core::iter::traits` is private too, but `pub use self::traits::Iterator` makes
 * `core::iter::Iterator::map` public. The extractor sees one file at a time and cannot tell, so
 * the search asks here: the public modules are those a `pub mod` declares plus the names a `pub
 * use` makes public, read once per index generation (cleared when the index is written).
 */
export class RustModules {
  private publicModules: Set<string> | null = null;

  constructor(private readonly prep: (sql: string) => Statement) {}

  /**
   * True when a module on the path users write for the item is neither declared `pub` nor
   * re-exported. `module` is the item's defining module, `id` its defining id and `publicId`
   * the path users write (the same when nothing re-exports it).
   */
  hidden(id: string, module: string, publicId: string): boolean {
    let reached: string;
    if (id === module) {
      // A module itself: the modules above it must be public (its own declaration may be
      // what another file says; a `pub mod` inside a private module is still unreachable).
      if (publicId !== id) return false;
      reached = id.slice(0, Math.max(0, id.lastIndexOf('::')));
    } else {
      const tail = id.startsWith(`${module}::`) ? id.slice(module.length) : null;
      // Re-exported under another name: the re-export is the public way in.
      if (!tail || !publicId.endsWith(tail)) return false;
      reached = publicId.slice(0, publicId.length - tail.length);
    }
    if (!reached.includes('::')) return false;
    const known = this.modules();
    const segments = reached.split('::');
    // The crate root itself is always reachable; each module below it must be known public.
    for (let n = 2; n <= segments.length; n++) if (!known.has(segments.slice(0, n).join('::'))) return true;
    return false;
  }

  private modules(): Set<string> {
    if (!this.publicModules) {
      const rows = this.prep(
        // A file's own module record (signature = its id) says nothing of how its parent declares it.
        `SELECT id FROM items WHERE kind = 'module' AND language = 'rust' AND visibility = 'public' AND signature LIKE 'pub mod %'
         UNION SELECT r.public FROM reexports r JOIN files f ON f.id = r.file_id WHERE f.language = 'rust'`,
      ).pluck().all() as string[];
      this.publicModules = new Set(rows);
    }
    return this.publicModules;
  }

  clear(): void {
    this.publicModules = null;
  }
}
