import { describe, expect, it } from 'vitest';
import { boundPath, importBindings } from '../../../src/core/extract/import-bindings.js';
import { goPackageName } from '../../../src/core/extract/import-bindings-go-rust.js';

describe("a file's names for what it imports", () => {
  it('reads CommonJS and ES bindings: whole modules, named members, renames', () => {
    const js = [
      "const WS = require('ws');",
      "import React, { useState as useLocal } from 'react';",
      "import * as z from 'zod';",
      "import express = require('express');",
      "const { Command, Help: HelpText } = require('./lib/command.js');",
      "import type { Schema } from 'ajv';",
      "import { default as chalk } from 'chalk';",
      "import hljs from 'highlight.js';",
      "import type Ajv, * as ajvAll from 'ajv';",
      "const a = require('a'), b = require('./b.js');",
      "const S = require('ws').Server;",
      'import {\n  parse, // a note, with commas\n  /* old, name */ stringify as toToml,\n} from "smol-toml";',
    ].join('\n');
    const b = importBindings(js, 'javascript');
    expect(Object.fromEntries(b)).toEqual({
      WS: { spec: 'ws', member: null, whole: 'default' },
      React: { spec: 'react', member: null, whole: 'default' },
      useLocal: { spec: 'react', member: 'useState' },
      z: { spec: 'zod', member: null, whole: 'namespace' },
      express: { spec: 'express', member: null, whole: 'default' },
      Command: { spec: './lib/command', member: 'Command' },
      HelpText: { spec: './lib/command', member: 'Help' },
      Schema: { spec: 'ajv', member: 'Schema' },
      chalk: { spec: 'chalk', member: null, whole: 'default' },
      hljs: { spec: 'highlight.js', member: null, whole: 'default' },
      Ajv: { spec: 'ajv', member: null, whole: 'default' },
      ajvAll: { spec: 'ajv', member: null, whole: 'namespace' },
      a: { spec: 'a', member: null, whole: 'default' },
      b: { spec: './b', member: null, whole: 'default' },
      S: { spec: 'ws', member: 'Server' },
      parse: { spec: 'smol-toml', member: 'parse' },
      toToml: { spec: 'smol-toml', member: 'stringify' },
    });
  });

  it('reads Python imports: aliases, dotted modules and names from a module', () => {
    const py = 'import numpy as np\nimport os.path, json\nfrom collections import defaultdict as dd, Counter\nfrom . import sibling\nfrom shutil import (\n    rmtree,\n    copy2 as cp,  # keeps metadata\n)\n';
    expect(Object.fromEntries(importBindings(py, 'python'))).toEqual({
      np: { spec: 'numpy', member: null },
      os: { spec: 'os', member: null },
      json: { spec: 'json', member: null },
      dd: { spec: 'collections', member: 'defaultdict' },
      Counter: { spec: 'collections', member: 'Counter' },
      rmtree: { spec: 'shutil', member: 'rmtree' },
      cp: { spec: 'shutil', member: 'copy2' },
    });
  });

  it('reads a `node:` built-in as the module @types/node declares', () => {
    expect(Object.fromEntries(importBindings("import { watch as watchDir } from 'node:fs';\nimport path from 'node:path';\n", 'typescript'))).toEqual({
      watchDir: { spec: 'fs', member: 'watch' },
      path: { spec: 'path', member: null, whole: 'default' },
    });
  });

  it("reads Go imports under their package names and aliases, and Rust's use declarations", () => {
    const go = 'package main\n\nimport "encoding/json"\nimport (\n\ttm "example.com/TinyMod"\n\t_ "net/http/pprof"\n\t. "math"\n\t"gopkg.in/yaml.v3"\n\t"github.com/mattn/go-sqlite3"\n\t"github.com/google/go-cmp/cmp"\n\t"example.com/mod/v2"\n)\n';
    expect(Object.fromEntries(importBindings(go, 'go'))).toEqual({
      json: { spec: 'encoding/json', member: null, whole: 'namespace' },
      tm: { spec: 'example.com/TinyMod', member: null, whole: 'namespace' },
      yaml: { spec: 'gopkg.in/yaml.v3', member: null, whole: 'namespace' },
      sqlite3: { spec: 'github.com/mattn/go-sqlite3', member: null, whole: 'namespace' },
      cmp: { spec: 'github.com/google/go-cmp/cmp', member: null, whole: 'namespace' },
      mod: { spec: 'example.com/mod/v2', member: null, whole: 'namespace' },
    });
    expect(goPackageName('example.com/TinyMod')).toBe('tinymod');
    expect(boundPath('tm.ReverseWords', importBindings(go, 'go'))).toEqual({ spec: 'example.com/TinyMod', path: 'ReverseWords', sep: '.' });
    const rs = 'use std::collections::HashMap;\nuse tinycrate::checksum_bytes as cks;\npub use serde::{Serialize, Deserialize as De, self};\nuse crate::util::helper;\nuse regex::*;\nuse tokio::{sync::{Mutex, RwLock}};\n';
    expect(Object.fromEntries(importBindings(rs, 'rust'))).toEqual({
      HashMap: { spec: 'std::collections', member: 'HashMap', sep: '::' },
      cks: { spec: 'tinycrate', member: 'checksum_bytes', sep: '::' },
      Serialize: { spec: 'serde', member: 'Serialize', sep: '::' },
      De: { spec: 'serde', member: 'Deserialize', sep: '::' },
      serde: { spec: 'serde', member: null, whole: 'namespace', sep: '::' },
    });
    expect(boundPath('cks', importBindings(rs, 'rust'))).toEqual({ spec: 'tinycrate', path: 'checksum_bytes', sep: '::' });
    expect(boundPath('HashMap::new', importBindings(rs, 'rust'))).toEqual({ spec: 'std::collections', path: 'HashMap::new', sep: '::' });
  });

  it('reads a name through its first part', () => {
    const b = importBindings("const WS = require('ws');\nconst { Server: S } = require('ws');\n", 'javascript');
    expect(boundPath('WS.Server', b)).toEqual({ spec: 'ws', path: 'Server', sep: '.' });
    expect(boundPath('WS.Server.close', b)).toEqual({ spec: 'ws', path: 'Server.close', sep: '.' });
    expect(boundPath('S', b)).toEqual({ spec: 'ws', path: 'Server', sep: '.' });
    // The bare name of a default binding is the default export first, else the module.
    expect(boundPath('WS', b)).toEqual({ spec: 'ws', path: 'default', orModule: true, sep: '.' });
    expect(boundPath('express', importBindings("import express from 'express';\n", 'typescript'))).toEqual({ spec: 'express', path: 'default', orModule: true, sep: '.' });
    expect(boundPath('fns', importBindings("import * as fns from 'date-fns';\n", 'typescript'))).toEqual({ spec: 'date-fns', path: '', sep: '.' });
    expect(boundPath('express', importBindings("import * as express from 'express';\n", 'typescript'))).toBeNull();
    expect(boundPath('Other.thing', b)).toBeNull();
    // A module bound under its own name says nothing new.
    expect(boundPath('json.loads', importBindings('import json\n', 'python'))).toBeNull();
    expect(boundPath('np.linalg.norm', importBindings('import numpy as np\n', 'python'))).toEqual({ spec: 'numpy', path: 'linalg.norm', sep: '.' });
  });
});
