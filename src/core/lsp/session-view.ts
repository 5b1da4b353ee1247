import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServiceRegistry } from '../services.js';
import { Vfs, type FileSnapshot } from '../vfs/index.js';

/**
 * The session a piece of feature work runs for, so that the helpers which read source text
 * deep inside navigation (line previews, occurrence scanning, name positions: file-text.ts)
 * read the session's overlays as the language server does, without every helper taking a
 * session argument. Feature entry points run under `onSessionView`; outside of one, reads are
 * of the disk, as before.
 */
interface View {
  vfs: Vfs;
  session: string;
}

const current = new AsyncLocalStorage<View>();

export function inSessionView<T>(ctx: { services: ServiceRegistry; session: { id: string } }, fn: () => T): T {
  return current.run({ vfs: Vfs.from(ctx.services), session: ctx.session.id }, fn);
}

/** A feature function that runs on its caller's session view. */
export function onSessionView<I, C extends { services: ServiceRegistry; session: { id: string } }, R>(fn: (input: I, ctx: C) => Promise<R>): (input: I, ctx: C) => Promise<R> {
  return (input, ctx) => inSessionView(ctx, () => fn(input, ctx));
}

/** The current session's overlay of `path`, if the work runs for a session that has one. */
export function sessionOverlay(path: string): FileSnapshot | undefined {
  const v = current.getStore();
  return v ? v.vfs.overlay(v.session, path) : undefined;
}

/**
 * The current session's view of `path` (its overlay, else the disk through the Vfs), or
 * undefined outside of a session view.
 */
export function sessionRead(path: string): FileSnapshot | undefined {
  const v = current.getStore();
  return v ? v.vfs.read(path, v.session) : undefined;
}
