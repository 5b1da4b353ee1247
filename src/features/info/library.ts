import path from 'node:path';
import { InfoLibrary } from '../../core/info/library.js';
import type { FeatureContext } from '../context.js';

/** The shared Info library of this process (created on first use, under one service key). */
export function infoLibrary(ctx: FeatureContext): InfoLibrary {
  return ctx.services.get('info.library', () => new InfoLibrary({ dirs: ctx.config.info.dirs.map((d) => path.resolve(d)) }));
}

/** `(manual)Node`, the reference form Info readers and Emacs's `Info-goto-node` accept. */
export function infoRef(manual: string, node: string): string {
  return `(${manual})${node}`;
}

/** Page `text` by characters: the slice from `offset`, at most `maxChars` long. */
export function page(text: string, offset: number, maxChars: number | undefined): { text: string; truncated: boolean; next_offset: number | null } {
  const start = Math.min(offset, text.length);
  const end = maxChars === undefined ? text.length : Math.min(text.length, start + maxChars);
  const truncated = end < text.length;
  return { text: text.slice(start, end), truncated, next_offset: truncated ? end : null };
}
