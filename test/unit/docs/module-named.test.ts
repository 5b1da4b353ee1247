import { describe, expect, it } from 'vitest';
import { namesModule, packageNamer } from '../../../src/core/rank/module-named.js';
import { queryWords } from '../../../src/core/rank/words.js';

const namer = (q: string) => {
  const named = packageNamer(new Set(queryWords(q)), q);
  // The package as installed is the id's top-level module unless given.
  return (id: string, pkg = id.slice(0, id.search(/[./:#]|$/))) => named(id, pkg);
};

describe('namesModule', () => {
  it("is a word of the question that is the item's top-level module, or the package an import path ends in", () => {
    expect(namesModule(new Set(['compress', 'gzip']), 'gzip.compress')).toBe(true);
    expect(namesModule(new Set(['marshal', 'json']), 'encoding/json.Marshal')).toBe(true);
    expect(namesModule(new Set(['yaml']), 'gopkg.in/yaml.v3.Marshal')).toBe(true);
    // Exact words only: an everyday word is not the module named after its plural.
    expect(namesModule(new Set(['largest', 'collection']), 'collections.Counter')).toBe(false);
    expect(namesModule(new Set(['os']), 'os.remove')).toBe(false);
  });
});

describe('packageNamer', () => {
  it('finds a package by its name, a word it is the plural of, or two adjacent words run together', () => {
    // PyYAML's module is `yaml`: named by its module.
    expect(namer('load yaml without constructing arbitrary python objects')('yaml.safe_load', 'PyYAML')).toBe(true);
    expect(namer('send an http get request')('requests.get')).toBe(true);
    expect(namer('check a json instance against a json schema')('jsonschema.validate')).toBe(true);
    expect(namer('parse a date with python dateutil')('dateutil.parser.parse', 'python-dateutil')).toBe(true);
  });

  it('leaves packages the question does not name: not by a word their name begins with, nor by a shared stem', () => {
    expect(namer('send an http get request')('urllib3.request')).toBe(false);
    // Questions about the standard library say these words for other things.
    expect(namer('turn a python object into a json string')('dateutil.parser.parse', 'python-dateutil')).toBe(false);
    expect(namer('insert into a sorted list so it stays sorted')('sortedcontainers.SortedList')).toBe(false);
    expect(namer('number of references to an object')('referencing.Registry')).toBe(false);
    expect(namer('delete a file from disk')('filelock.FileLock')).toBe(false);
    // Not a module path's last part: lodash's `fp/debounce` is a file of the package, not one.
    expect(namer('debounce function')('fp/debounce.func', 'lodash')).toBe(false);
    // A package's own namespaces are matched as written only (async's JSDoc `Collections`), the package's name more loosely.
    expect(namer('collect the results of a collection')('Collections.filter', 'async')).toBe(false);
    expect(namer('call an async function')('Collections.filter', 'async')).toBe(true);
  });
});
