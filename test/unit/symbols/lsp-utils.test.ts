import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCompileCommandsDir, loadCompileDb } from '../../../src/core/lsp/compile-db.js';
import { splitHover } from '../../../src/core/lsp/hover.js';
import { lineAt, namePosition, offsetAt, positionAt, toLspPosition, toUserPosition } from '../../../src/core/lsp/positions.js';
import { findProjectRoot, ServerRegistry } from '../../../src/core/lsp/registry.js';
import { settingsSection } from '../../../src/core/lsp/settings.js';
import { kindName } from '../../../src/core/lsp/symbol-kinds.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { ExternalClassifier } from '../../../src/features/symbols/external.js';
import { ConfigSchema } from '../../../src/core/config/schema.js';

const tmp = () => realpathSync(mkdtempSync(path.join(tmpdir(), 'docent-lsp-unit-')));
const touch = (f: string, text = '') => {
  mkdirSync(path.dirname(f), { recursive: true });
  writeFileSync(f, text);
};

describe('positions', () => {
  it('converts between 1-based and LSP positions and offsets (CRLF too)', () => {
    expect(toLspPosition({ line: 1, character: 1 })).toEqual({ line: 0, character: 0 });
    expect(toUserPosition({ line: 4, character: 2 })).toEqual({ line: 5, character: 3 });
    const text = 'ab\r\ncd\nef';
    expect(lineAt(text, 1)).toBe('cd');
    expect(offsetAt(text, { line: 2, character: 1 })).toBe(8);
    expect(positionAt(text, 8)).toEqual({ line: 2, character: 1 });
  });
  it('finds a name inside a declaration range', () => {
    const text = 'export class UserRepository {\n  getUser(id) {}\n}';
    expect(namePosition(text, { start: { line: 0, character: 0 }, end: { line: 2, character: 1 } }, 'UserRepository')).toEqual({ line: 0, character: 13 });
    expect(namePosition(text, { start: { line: 1, character: 2 }, end: { line: 1, character: 16 } }, 'getUser')).toEqual({ line: 1, character: 2 });
  });
});

describe('splitHover', () => {
  it('separates clangd\'s declaration block from its prose and drops its facts', () => {
    const md = '### function `distance`\n\n---\n→ `double`  \nParameters:  \n- `const Point &a`\n- `const Point &b`\n\nDistance between two points.\n\n---\n```cpp\n// In namespace geo\ndouble distance(const Point &a, const Point &b)\n```';
    const h = splitHover({ contents: { kind: 'markdown', value: md } });
    expect(h.signature).toBe('double distance(const Point &a, const Point &b)');
    expect(h.documentation).toBe('Distance between two points.');
  });
  it('handles the TypeScript layout and legacy MarkedString arrays', () => {
    const ts = splitHover({ contents: { kind: 'markdown', value: '```typescript\nfunction f(): void\n```\nDoes things.' } });
    expect(ts).toMatchObject({ signature: 'function f(): void', documentation: 'Does things.' });
    const legacy = splitHover({ contents: [{ language: 'python', value: 'def g()' }, 'Doc.'] });
    expect(legacy).toMatchObject({ signature: 'def g()', documentation: 'Doc.' });
    expect(splitHover(null)).toMatchObject({ signature: null, documentation: null });
  });
});

describe('kindName', () => {
  it('gives readable names and recognises type aliases', () => {
    expect(kindName(5)).toBe('class');
    expect(kindName(22)).toBe('enum_member');
    expect(kindName(5, 'Polygon', 'typedef std::vector<Point> Polygon;')).toBe('typedef');
    expect(kindName(5, 'ShapeList', 'using ShapeList = std::vector<int>;')).toBe('typedef');
    expect(kindName(13, 'UserId', 'export type UserId = number;')).toBe('typedef');
    expect(kindName(5, 'Circle', 'class Circle : public Shape {')).toBe('class');
  });
});

describe('settingsSection', () => {
  it('answers workspace/configuration by dotted section', () => {
    const s = { python: { analysis: { diagnosticMode: 'openFilesOnly' } } };
    expect(settingsSection(s, 'python.analysis')).toEqual({ diagnosticMode: 'openFilesOnly' });
    expect(settingsSection(s, 'python.missing')).toBeNull();
    expect(settingsSection(undefined, 'x')).toBeNull();
  });
});

describe('routing and project roots', () => {
  it('routes by extension to the nearest marker (monorepo: one root per package)', () => {
    const ws = tmp();
    touch(path.join(ws, 'package.json'), '{}');
    touch(path.join(ws, 'packages/a/tsconfig.json'), '{}');
    touch(path.join(ws, 'packages/a/src/x.ts'));
    touch(path.join(ws, 'packages/b/src/y.ts'));
    touch(path.join(ws, 'py/pyproject.toml'));
    touch(path.join(ws, 'py/m/z.py'));
    const reg = new ServerRegistry(ConfigSchema.parse({}));
    expect(reg.route(path.join(ws, 'packages/a/src/x.ts'), ws)).toMatchObject({ root: path.join(ws, 'packages/a'), languageId: 'typescript' });
    expect(reg.route(path.join(ws, 'packages/b/src/y.ts'), ws)!.root).toBe(ws);
    expect(reg.route(path.join(ws, 'py/m/z.py'), ws)).toMatchObject({ root: path.join(ws, 'py'), spec: { id: 'pyright' } });
    expect(reg.route(path.join(ws, 'notes.txt'), ws)).toBeUndefined();
  });
  it('finds the C++ root by a compilation database in cmake-build-*', () => {
    const ws = tmp();
    touch(path.join(ws, 'proj/cmake-build-debug/compile_commands.json'), '[]');
    touch(path.join(ws, 'proj/src/deep/a.cpp'));
    expect(findProjectRoot(['compile_commands.json', 'cmake-build-*/compile_commands.json'], path.join(ws, 'proj/src/deep'), ws)).toBe(path.join(ws, 'proj'));
    expect(findCompileCommandsDir(path.join(ws, 'proj'))).toBe(path.join(ws, 'proj/cmake-build-debug'));
  });
  it('config servers take precedence and can use file-name globs', () => {
    const reg = new ServerRegistry(ConfigSchema.parse({ lsp: { servers: { proto: { command: 'buf', args: ['lsp'], extensions: ['*.proto'] }, clangd: { command: 'clangd-17' } } } }));
    expect(reg.specFor('/x/a.proto')?.id).toBe('proto');
    expect(reg.get('clangd')?.install).toMatch(/clangd-17/);
  });
});

describe('ExternalClassifier', () => {
  it('keeps compile_commands.json files and project headers, drops the rest', () => {
    const ws = tmp();
    touch(path.join(ws, 'src/a.cpp'));
    touch(path.join(ws, 'include/a.h'));
    touch(path.join(ws, 'tools/stray.cpp'));
    touch(path.join(ws, 'third_party/lib/lib.h'));
    touch(path.join(ws, 'build/gen/x.pb.h'));
    touch(path.join(ws, 'build/compile_commands.json'), JSON.stringify([{ directory: path.join(ws, 'build'), file: '../src/a.cpp' }]));
    const c = new ExternalClassifier(new Workspace([ws]));
    expect(loadCompileDb(path.join(ws, 'build'))!.files.has(path.join(ws, 'src/a.cpp'))).toBe(true);
    expect(c.classify(path.join(ws, 'src/a.cpp'), ws).external).toBe(false);
    expect(c.classify(path.join(ws, 'include/a.h'), ws).external).toBe(false);
    expect(c.classify(path.join(ws, 'tools/stray.cpp'), ws)).toEqual({ external: true, reason: 'not_in_compile_commands' });
    expect(c.classify(path.join(ws, 'third_party/lib/lib.h'), ws).reason).toBe('dependency');
    expect(c.classify(path.join(ws, 'build/gen/x.pb.h'), ws).reason).toBe('build_output');
    expect(c.classify('/usr/include/c++/12/vector', ws).reason).toBe('outside_workspace');
    expect(c.classify(path.join(ws, 'node_modules/x/index.d.ts')).reason).toBe('dependency');
    expect(c.classify(path.join(ws, 'gen/api_pb2.py')).reason).toBe('generated');
  });
});
