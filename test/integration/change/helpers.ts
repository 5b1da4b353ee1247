import { afterAll, beforeAll } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocentConfigInput } from '../../../src/core/config/schema.js';
import { ApplyEditInput, EditResultSchema, UndoEditInput, UndoEditOutput, applyEdit, undoEdit } from '../../../src/features/change/edits.js';
import { RenameSymbolInput, RenameSymbolOutput, renameSymbol } from '../../../src/features/change/rename.js';
import { ExtractFunctionInput, ExtractFunctionOutput, extractFunction } from '../../../src/features/change/extract.js';
import { FormatDocumentInput, FormatDocumentOutput, formatDocument } from '../../../src/features/change/format.js';
import { DeleteSymbolInput, InsertSymbolTextInput, ReplaceSymbolBodyInput, SymbolEditOutput, deleteSymbol, insertAfterSymbol, insertBeforeSymbol, replaceSymbolBody } from '../../../src/features/change/symbol-edits.js';
import type { z } from 'zod';
import { makeContext } from '../symbols/helpers.js';

/** Every answer is checked against the tool's output schema, as the MCP server does. */
const checked =
  <S extends z.ZodType>(schema: S) =>
  async (p: Promise<unknown>): Promise<z.output<S>> =>
    schema.parse(await p);

export const CHANGE_FIXTURES = path.resolve(__dirname, '../../fixtures/change');

/** Copy a change fixture into a fresh temp directory: these tests write files. */
export function materialize(name: string): { root: string; read: (rel: string) => string; cleanup: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), `docent-change-${name}-`));
  cpSync(path.join(CHANGE_FIXTURES, name), root, { recursive: true });
  return { root, read: (rel) => readFileSync(path.join(root, rel), 'utf8'), cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A context over `root` (writes allowed) with the change features bound to it. */
export function changeContext(root: string, config: DocentConfigInput = {}) {
  const env = makeContext([root], { allowWrites: true, ...config });
  const { ctx } = env;
  return {
    ...env,
    rename: (i: Record<string, unknown>) => checked(RenameSymbolOutput)(renameSymbol(RenameSymbolInput.parse(i), ctx)),
    replaceBody: (i: Record<string, unknown>) => checked(SymbolEditOutput)(replaceSymbolBody(ReplaceSymbolBodyInput.parse(i), ctx)),
    insertBefore: (i: Record<string, unknown>) => checked(SymbolEditOutput)(insertBeforeSymbol(InsertSymbolTextInput.parse(i), ctx)),
    insertAfter: (i: Record<string, unknown>) => checked(SymbolEditOutput)(insertAfterSymbol(InsertSymbolTextInput.parse(i), ctx)),
    deleteSymbol: (i: Record<string, unknown>) => checked(SymbolEditOutput)(deleteSymbol(DeleteSymbolInput.parse(i), ctx)),
    format: (i: Record<string, unknown>) => checked(FormatDocumentOutput)(formatDocument(FormatDocumentInput.parse(i), ctx)),
    extract: (i: Record<string, unknown>) => checked(ExtractFunctionOutput)(extractFunction(ExtractFunctionInput.parse(i), ctx)),
    apply: (i: Record<string, unknown>) => checked(EditResultSchema)(applyEdit(ApplyEditInput.parse(i), ctx)),
    undo: (i: Record<string, unknown>) => checked(UndoEditOutput)(undoEdit(UndoEditInput.parse(i), ctx)),
  };
}

/**
 * A copy of change fixture `name` with a change context over it for the file's tests: made
 * before them, its servers stopped and the copy removed after them. `use` receives both.
 */
export function useChangeFixture(
  name: string,
  use: (fx: ReturnType<typeof materialize>, env: ReturnType<typeof changeContext>) => void,
  config: DocentConfigInput = {},
): void {
  let fx: ReturnType<typeof materialize> | undefined;
  let env: ReturnType<typeof changeContext> | undefined;
  beforeAll(() => {
    fx = materialize(name);
    env = changeContext(fx.root, config);
    use(fx, env);
  });
  afterAll(async () => {
    await env?.services.disposeAll();
    fx?.cleanup();
  });
}
