import { parse } from 'smol-toml';
import { readText } from './types.js';

/**
 * TOML files read whole (smol-toml), for the settings where toml-lite's line matching is not
 * enough: cargo's config files (dotted keys, chains of sources), crate manifests found in a
 * tree, Poetry's and Pipenv's files. A file that cannot be read or parsed is absent, as the tool
 * itself would reject it.
 */

export type TomlTable = Record<string, unknown>;

/** `v` when it is a table (not an array, not a value). */
export function tomlTable(v: unknown): TomlTable | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as TomlTable) : undefined;
}

/** A file's TOML, or undefined when it is missing or not TOML. */
export function readToml(file: string): TomlTable | undefined {
  const text = readText(file);
  return text === null ? undefined : parseToml(text);
}

/** A text's TOML, or undefined when it is not TOML. */
export function parseToml(text: string): TomlTable | undefined {
  try {
    return parse(text) as TomlTable;
  } catch {
    return undefined;
  }
}
