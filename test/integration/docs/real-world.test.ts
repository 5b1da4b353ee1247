import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import { languageOf } from '../../../src/core/extract/languages.js';
import type { FileExtract } from '../../../src/core/extract/types.js';
import { FIXTURES, item } from './fixtures.js';

/**
 * Shapes met in real third-party code (commander, nlohmann/json, fmt, requests, numpy), reduced to
 * fixtures. They live under a `tests/` folder so that the indexer (which skips tests) leaves them
 * out of the e2e index built from the whole fixtures tree.
 */
async function extract(file: string, engine?: 'fast' | 'tree-sitter'): Promise<FileExtract> {
  const text = readFileSync(path.join(FIXTURES, 'real-world', 'tests', file), 'utf8');
  return extractSource(languageOf(file)!, text, { file, includePrivate: false, engine });
}

describe('JavaScript/TypeScript from real packages', () => {
  it('attaches a JSDoc block separated from its method by a blank line, but not a licence header', async () => {
    const x = await extract('js/command.js');
    const option = item(x, 'js/command.Command.option');
    expect(option.summary).toBe('Define an option with `flags` and a `description`.');
    expect(option.params).toEqual([
      { name: 'flags', type: 'string', doc: null },
      { name: 'description', type: 'string', doc: 'shown in the help', optional: true },
    ]);
    expect(option.returns).toEqual({ type: 'Command', doc: '`this` command for chaining' });
    expect(x.items.find((i) => i.kind === 'class')!.doc).toBe('');
    // `exports.Command = Command` makes the class public; it is not a second, undocumented item.
    expect(x.items.filter((i) => i.name === 'Command').map((i) => [i.kind, i.visibility])).toEqual([['class', 'public']]);
  });

  it('keeps the `=> T` of a function-typed property in its signature', async () => {
    const x = await extract('js/types.d.ts');
    expect(item(x, 'js/types.Option.parseArg').signature).toBe('parseArg?: <T>(value: string, previous: T) => T');
    expect(item(x, 'js/types.Option.defaultValue').signature).toBe('defaultValue?: string');
  });
});

describe('C++ headers full of macros', () => {
  it('reads a class behind namespace, template and access-specifier macros', async () => {
    const x = await extract('cpp/json.hpp');
    expect(x.items.map((i) => i.id)).toEqual(['basic_value', 'basic_value::at', 'basic_value::format']);
    const cls = item(x, 'basic_value');
    expect(cls.signature).toBe('class basic_value : public legacy_base');
    expect(cls.summary).toBe('a class to store values');
    expect(cls.doc).toBe('a class to store values');
    expect(cls.visibility).toBe('public');
    expect(cls.since).toBe('version 1.0.0');
    expect(cls.implements).toEqual(['legacy_base']);
    expect(item(x, 'basic_value::at').signature).toBe('int at(int idx) const');
  });

  it('turns a Doxygen \\rst block into Markdown with its literal block as an example', async () => {
    const f = item(await extract('cpp/json.hpp'), 'basic_value::format');
    expect(f.signature).toBe('static int format(int args)');
    expect(f.summary).toBe('Formats `args` and returns the result as a string.');
    expect(f.doc).toBe('Formats `args` and returns the result as a string.\n\n**Example**:\n\n```cpp\nstd::string s = mylib::format("{}", 42);\n```');
    expect(f.examples).toEqual([{ code: 'std::string s = mylib::format("{}", 42);', description: '**Example**', language: 'cpp' }]);
  });
});

describe('Python docstrings from real packages', () => {
  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`skips a reST title and keeps module doctests as examples (${engine})`, async () => {
      const m = item(await extract('python/mod.py', engine), 'mod');
      expect(m.summary).toBe('This module implements the tools API.');
      expect(m.doc).toBe("# mod.tools\n\nThis module implements the tools API.\n\nEncoding basic values:\n\n```python\n>>> import mod\n>>> mod.send('GET')\n'ok'\n```");
      expect(m.examples).toEqual([{ code: ">>> import mod\n>>> mod.send('GET')\n'ok'", description: null, language: 'python' }]);
    });

    it(`fences doctests in prose and skips a signature-only first paragraph (${engine})`, async () => {
      const x = await extract('python/mod.py', engine);
      expect(item(x, 'mod.send').doc).toBe("Constructs and sends a request.\n\nUsage:\n\n```python\n>>> send('GET')\n'ok'\n```");
      expect(item(x, 'mod.vectorize').summary).toBe('Returns an object that acts like pyfunc, but takes arrays as input.');
    });
  }
});
