import { InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { DocentError } from '../core/errors.js';

/**
 * Parsers shared by the CLI commands, so every command reads numbers and repeated options the
 * same way and reports a bad value the same way (a usage error, exit 2).
 */

/** For a repeatable option: collects every occurrence into an array. */
export const collect = (value: string, prev: string[] = []): string[] => [...prev, value];

/** A commander argParser accepting whole numbers of at least `min`. */
export function wholeNumber(min: number): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < min) {
      // commander turns InvalidArgumentError into a usage message and exit 2; a plain Error
      // would escape as a crash with a stack trace.
      throw new InvalidArgumentError(min === 1 ? `expected a positive whole number, got "${value}"` : `expected a whole number >= ${min}, got "${value}"`);
    }
    return n;
  };
}

export const positiveInt = wholeNumber(1);
export const nonNegativeInt = wholeNumber(0);

/** Validate CLI options with a feature's input schema; a mismatch is E_BAD_INPUT (exit 2). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new DocentError('E_BAD_INPUT', r.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  return r.data;
}
