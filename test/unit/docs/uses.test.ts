import { describe, expect, it } from 'vitest';
import { usesOf } from '../../../src/core/extract/uses.js';

/** What a file uses of other modules, read from its text (extract/uses.ts): the usage prior's input. */

describe('usesOf', () => {
  it('Python: imports bind names; dotted chains from them are uses, two segments deep', () => {
    const uses = usesOf('python', [
      'import os.path, json as j',
      'from shutil import rmtree, copy2 as cp',
      'from . import sibling',
      'j.dumps(x)',
      'os.path.join(a, b).upper()',
      'cp(a, b)',
      'sibling.helper()',
      'unrelated.thing()',
    ].join('\n'));
    expect(uses).toEqual(expect.arrayContaining(['shutil.rmtree', 'shutil.copy2', 'json.dumps', 'os.path', 'os.path.join']));
    expect(uses.some((u) => u.startsWith('unrelated') || u.includes('sibling') || u.endsWith('.upper'))).toBe(false);
  });

  it('Go: import paths bind their last element (or the alias); version suffixes dropped', () => {
    const uses = usesOf('go', ['package main', 'import (', '\t"path/filepath"', '\tyaml "gopkg.in/yaml.v3"', ')', 'func f() { filepath.Join(a, b); yaml.Unmarshal(d, &v) }'].join('\n'));
    expect(uses).toEqual(expect.arrayContaining(['path/filepath.Join', 'gopkg.in/yaml.v3.Unmarshal']));
  });

  it('JavaScript/TypeScript: named, namespace, default and require bindings; relative modules left out', () => {
    const uses = usesOf('typescript', [
      "import { debounce as db } from 'lodash';",
      "import * as fs from 'node:fs';",
      "import local from './local';",
      "const { join } = require('path');",
      'db(fn, 10); fs.readFileSync(p); local.thing(); join(a, b);',
    ].join('\n'));
    expect(uses).toEqual(expect.arrayContaining(['lodash.debounce', 'node:fs.readFileSync', 'path.join']));
    expect(uses.some((u) => u.includes('local'))).toBe(false);
  });

  it('Rust: use trees and paths written in full; crate-relative paths left out', () => {
    const uses = usesOf('rust', ['use std::collections::{HashMap, HashSet as Set};', 'use crate::inner::Thing;', 'fn f() { std::fs::remove_dir_all(p); }'].join('\n'));
    expect(uses).toEqual(expect.arrayContaining(['std::collections::HashMap', 'std::collections::HashSet', 'std::fs::remove_dir_all']));
    expect(uses.some((u) => u.startsWith('crate'))).toBe(false);
  });

  it("C++: what a file names through std::, two segments deep; other namespaces and members of values left out", () => {
    const uses = usesOf('cpp', ['#include <memory>', 'namespace app { struct W {}; }', 'int main() {', '  auto p = std::make_unique<app::W>();', '  std::chrono::steady_clock::time_point t = std::chrono::steady_clock::now();', '  p->std_like::x(); mystd::y();', '}'].join('\n'));
    expect(uses.sort()).toEqual(['std::chrono', 'std::chrono::steady_clock', 'std::make_unique']);
  });

  it('other languages use nothing (no import syntax read)', () => {
    expect(usesOf('c', '#include <stdio.h>\nint main(void) { printf("x"); }')).toEqual([]);
  });
});
