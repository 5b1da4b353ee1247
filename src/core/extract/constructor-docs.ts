import type { DocItem, FileExtract } from './types.js';

/**
 * A class without documentation of its own takes its constructor's: many classes are described
 * only in `__init__`'s docstring or on the constructor's doc comment (`pprint.PrettyPrinter`:
 * "Handle pretty printing operations onto a stream using a set of configured parameters.",
 * `concurrent.futures.ProcessPoolExecutor`), which pydoc and Sphinx's `autoclass_content` show
 * as the class's. The class item keeps `tags.doc_from` naming where its text came from; the
 * constructor stays an item of its own. CPython's boilerplate for slot wrappers ("Initialize
 * self. See help(type(self)) for accurate signature.") describes nothing and is not taken.
 */
const BOILERPLATE = /^Initialize self\.\s+See help\(type\(self\)\)/;

export function classDocsFromConstructors(result: FileExtract): void {
  let ctors: Map<string, DocItem> | null = null;
  for (const i of result.items) {
    if (i.kind === 'constructor' && i.parent && (i.summary || i.doc) && !BOILERPLATE.test(i.doc || i.summary)) (ctors ??= new Map()).set(i.parent, i);
  }
  if (!ctors) return;
  for (const cls of result.items) {
    if ((cls.kind !== 'class' && cls.kind !== 'struct') || cls.summary || cls.doc) continue;
    const ctor = ctors.get(cls.id);
    if (!ctor) continue;
    cls.summary = ctor.summary;
    cls.doc = ctor.doc;
    if (!cls.examples.length && ctor.examples.length) cls.examples = ctor.examples;
    cls.tags = { ...cls.tags, doc_from: ctor.id };
  }
}
