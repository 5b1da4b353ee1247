/**
 * Where an item lives, as the ranking reads it: private, reserved, internal, vendored, test and
 * example paths (the path prior), and the tests other modules make of the same paths (a vendored
 * copy's uses are not counted, a private segment's items are not public paths).
 */

/** A segment of a qualified name that its language marks private (`_thread`, `pkg._impl`). */
export const PRIVATE_SEGMENT = /(^|[./:])_[A-Za-z]/;
/**
 * A C or C++ qualified name with a part the standards reserve to the implementation (two
 * underscores, or one and a capital): libstdc++'s `std::__invoke`,
 * `std::__future_base::_Async_state_impl`, its `__glibcxx_check_erase` and `_GLIBCXX_…`
 * macros, glibc's `__getdelim`. Their docs often say what a question asks (`__invoke`:
 * "Invoke a callable object"), but they are the library's own machinery.
 */
export function reservedName(id: string): boolean {
  return RESERVED_PART.test(id);
}
const RESERVED_PART = /(^|::)(__[A-Za-z0-9]|_[A-Z])/;

/** A segment named `internal` (`std/internal/itoa`, `google.protobuf.internal`): not the API, by rule or convention. */
const INTERNAL_SEGMENT = /(^|[./:])internal[./:]/;

const VENDORED = /(^|[./])(vendor|_vendor|vendored|third_party|thirdparty|typeshed|node_modules|site-packages\/pip\/_internal)([./]|$)/;
/** A vendored or bundled copy (`pip/_vendor/…`, `jedi/third_party/typeshed/…`, `node_modules/…`), by its path or id. */
export function isVendored(pathOrId: string): boolean {
  return VENDORED.test(pathOrId);
}

/**
 * A file's path inside its npm package (`node_modules/zod/v3/types.d.cts` → `v3/types.d.cts`).
 * An installed package's files are named `node_modules/<name>/…` (deps/npm.ts): that folder is
 * the package itself, the canonical definitions, not a copy vendored into something else. Judged
 * by their full path, every hit shown from one looked for the definition its copy stood for
 * (fold-hits.ts showCanonical), a tenth of a search's time over this repository's 38 npm
 * packages. (The path prior never saw that folder: a space stood before the file in its text.)
 */
export function pathInPackage(file: string): string {
  return file.replace(LEADING_PACKAGE_DIR, '');
}
const LEADING_PACKAGE_DIR = /^node_modules\/(?:@[^/]+\/)?[^/]+\//;
const TESTS = /(^|[./])(tests?|testdata|test_\w+|\w+_tests?|conftest|__tests__|fixtures?)([./]|$)/;
const SAMPLES = /(^|[./])(examples?|demos?|samples?|benchmarks?)([./]|$)/;

/** What the path prior reads of an item (score.ts Candidate has it all). */
export interface PlacedItem {
  id: string;
  name: string;
  /** The path users write for it, when not its defining id. */
  publicId?: string;
  /** Its file, relative to the root. */
  file?: string;
  /** Private by its language's rules though the parser saw it public (score.ts Candidate.hidden). */
  hidden?: boolean;
}

/**
 * Where an item lives, as a prior: the public, top-level API a user means over deep, private,
 * test, example and vendored copies (`pip/_vendor/...`, `jedi/third_party/typeshed/...`). The
 * depth counts the path users write (a re-exported `asyncio.sleep` is two segments, not three).
 */
export function pathPrior(c: PlacedItem): number {
  const id = c.publicId ?? c.id;
  const prefix = id.slice(0, id.length - c.name.length);
  // The file after a separator, so that a folder it starts with (`vendor/…`, `tests/…`) is a segment too.
  const where = `${prefix} /${pathInPackage(c.file ?? '')}`;
  let p = 0;
  const segments = id.split(/::|[./#]/).length;
  p -= 0.02 * Math.max(0, segments - 2);
  if (PRIVATE_SEGMENT.test(prefix) || c.hidden) p -= 0.06;
  // Go does not let code outside its parent import an `internal` package; elsewhere (Node's
  // lib/internal, google.protobuf.internal) the name says the same. As far from the API as a
  // vendored copy: Go questions 0.847 → 0.856 (at −0.06: 0.849), the other corpora unchanged.
  if (INTERNAL_SEGMENT.test(prefix)) p -= 0.15;
  if (VENDORED.test(where)) p -= 0.15;
  if (TESTS.test(where)) p -= 0.12;
  if (SAMPLES.test(where)) p -= 0.05;
  return p;
}
