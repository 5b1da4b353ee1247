import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { DocentError } from '../errors.js';

const gunzipAsync = promisify(gunzip);

/** Compression suffixes an Info file may carry, and the system program that undoes each one. */
const EXTERNAL: Record<string, { program: string; pkg: string }> = {
  '.bz2': { program: 'bzip2', pkg: 'bzip2' },
  '.xz': { program: 'xz', pkg: 'xz-utils' },
  '.lzma': { program: 'xz', pkg: 'xz-utils' },
  '.zst': { program: 'zstd', pkg: 'zstd' },
};

export const COMPRESSED_SUFFIXES = ['.gz', ...Object.keys(EXTERNAL)] as const;

/** The compression suffix of a file name ('' when uncompressed). */
export function compressionOf(file: string): string {
  for (const ext of COMPRESSED_SUFFIXES) if (file.endsWith(ext)) return ext;
  return '';
}

/** The file name without its compression suffix. */
export function stripCompression(file: string): string {
  const ext = compressionOf(file);
  return ext ? file.slice(0, -ext.length) : file;
}

const MAX_INFO_BYTES = 512 * 1024 * 1024;

/**
 * The decompressed bytes of one Info file. gzip (nearly every installed manual) is undone
 * in-process by node:zlib on the thread pool; the rarer bzip2/xz/zstd go through the system
 * decompressor with an argument array, a timeout and the caller's abort signal.
 */
export async function readInfoBytes(file: string, signal?: AbortSignal): Promise<Buffer> {
  const ext = compressionOf(file);
  if (ext === '') return readFile(file);
  if (ext === '.gz') return gunzipAsync(await readFile(file));
  const tool = EXTERNAL[ext]!;
  return new Promise<Buffer>((resolve, reject) => {
    execFile(
      tool.program,
      ['-dc', file],
      { encoding: 'buffer', maxBuffer: MAX_INFO_BYTES, timeout: 30_000, killSignal: 'SIGKILL', signal },
      (err, stdout) => {
        if (!err) return resolve(stdout);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          reject(
            new DocentError(
              'E_UNAVAILABLE',
              `Cannot read ${file}: the ${tool.program} program is not installed.`,
              `Install it (Debian: apt-get install ${tool.pkg}) or decompress the manual.`,
            ),
          );
        } else if (err.name === 'AbortError') {
          reject(new DocentError('E_CANCELLED', 'The request was cancelled.'));
        } else {
          reject(new DocentError('E_UNAVAILABLE', `Cannot decompress ${file}: ${err.message}`, 'Check that the file is not corrupt.'));
        }
      },
    );
  });
}
