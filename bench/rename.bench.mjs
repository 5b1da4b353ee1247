// rename_symbol on a real project: docent's own src/ (copied to a temp dir, since applying
// writes), renaming DocentError (200+ references in ~50 files) with a warm
// typescript-language-server. Measured in the same run, alternating: the server's own
// textDocument/rename at the declaration (the reference), docent's preview (references, every
// affected file opened, collision check, rename, diff, syntax check), and applying it (atomic
// write of every file); each applied rename is undone before the next round.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigSchema } from '../dist/core/config/schema.js';
import { createLogger } from '../dist/core/log.js';
import { LspManager } from '../dist/core/lsp/manager.js';
import { pathToUri } from '../dist/core/lsp/positions.js';
import { ServiceRegistry } from '../dist/core/services.js';
import { Workspace } from '../dist/core/workspace/workspace.js';
import { applyEdit, undoEdit } from '../dist/features/change/edits.js';
import { RenameSymbolInput, renameSymbol } from '../dist/features/change/rename.js';
import { OwnedSession } from '../dist/features/context.js';
import { median, ms, summary } from './lib/stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const root = mkdtempSync(path.join(tmpdir(), 'docent-rename-bench-'));
cpSync(path.join(repo, 'src'), path.join(root, 'src'), { recursive: true });
cpSync(path.join(repo, 'tsconfig.json'), path.join(root, 'tsconfig.json'));
cpSync(path.join(repo, 'package.json'), path.join(root, 'package.json'));
symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'));

const services = new ServiceRegistry();
const ctx = {
  workspace: new Workspace([root]),
  config: ConfigSchema.parse({ allowWrites: true }),
  services,
  signal: new AbortController().signal,
  progress: () => {},
  log: createLogger('bench'),
  session: new OwnedSession('bench'),
};
const input = RenameSymbolInput.parse({ symbol: 'DocentError', file: 'src/core/errors.ts', new_name: 'DocentFailure' });

try {
  const t0 = performance.now();
  const warm = await renameSymbol(input, ctx);
  const first = performance.now() - t0;
  const decl = path.join(root, 'src/core/errors.ts');
  const server = LspManager.from(ctx).forFile(decl, ctx.workspace);
  const at = warm.occurrences.find((o) => o.file === 'src/core/errors.ts' && /class DocentError/.test(o.line_preview));
  const position = { line: at.line - 1, character: at.column - 1 };

  const raw = [];
  const preview = [];
  const apply = [];
  let serverEdits = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const a = performance.now();
    const we = await server.request('textDocument/rename', { textDocument: { uri: pathToUri(decl) }, position, newName: 'DocentFailure' });
    raw.push(performance.now() - a);
    serverEdits = (we.documentChanges ?? []).reduce((n, d) => n + (d.edits?.length ?? 0), 0) || Object.values(we.changes ?? {}).reduce((n, l) => n + l.length, 0);

    const b = performance.now();
    const r = await renameSymbol(input, ctx);
    preview.push(performance.now() - b);

    const c = performance.now();
    await applyEdit({ edit_id: r.edit_id, target: 'disk', max_chars: 200 }, ctx);
    apply.push(performance.now() - c);
    await undoEdit({ edit_id: r.edit_id, max_chars: 200 }, ctx);
  }
  console.log(`rename: DocentError -> DocentFailure in a copy of docent's src/: ${warm.occurrences.length} occurrences in ${warm.counts.files} files (server's own rename: ${serverEdits} edits); find_references ${warm.reference_check.consistent ? 'agrees' : 'disagrees'}`);
  console.log(`  first rename_symbol (server start + project load): ${ms(first)}`);
  console.log('  ' + summary('server textDocument/rename (reference)', raw));
  console.log('  ' + summary('rename_symbol preview                 ', preview));
  console.log('  ' + summary('apply_edit (atomic write of all files) ', apply));
  console.log(`  ratio preview / server rename: ${(median(preview) / median(raw)).toFixed(1)}×; preview + apply / server rename: ${((median(preview) + median(apply)) / median(raw)).toFixed(1)}×`);
} finally {
  await services.disposeAll();
  rmSync(root, { recursive: true, force: true });
}
