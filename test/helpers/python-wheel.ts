import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** A wheel is a zip with a dist-info folder: built with Python's zipfile, RECORD hashes and all. */
const BUILD_WHEEL = `
import base64, hashlib, os, sys, zipfile
src, out, name, version = sys.argv[1:5]
info = f'{name}-{version}.dist-info'
files = {}
for dirpath, _, names in os.walk(os.path.join(src, name)):
    for n in names:
        p = os.path.join(dirpath, n)
        files[os.path.relpath(p, src).replace(os.sep, '/')] = open(p, 'rb').read()
files[f'{info}/METADATA'] = f'Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\nSummary: small geometry helpers\\n'.encode()
files[f'{info}/WHEEL'] = b'Wheel-Version: 1.0\\nGenerator: docent-test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n'
files[f'{info}/top_level.txt'] = f'{name}\\n'.encode()
def h(b):
    return 'sha256=' + base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b'=').decode()
record = ''.join(f'{p},{h(b)},{len(b)}\\n' for p, b in files.items()) + f'{info}/RECORD,,\\n'
files[f'{info}/RECORD'] = record.encode()
with zipfile.ZipFile(os.path.join(out, f'{name}-{version}-py3-none-any.whl'), 'w') as z:
    for p, b in files.items():
        z.writestr(p, b)
`;

/** Build `<src>/<name>/` into `<out>/<name>-<version>-py3-none-any.whl` (no network, no build backend); its path. */
export function buildWheel(src: string, out: string, name: string, version: string): string {
  execFileSync('python3', ['-c', BUILD_WHEEL, src, out, name, version]);
  return path.join(out, `${name}-${version}-py3-none-any.whl`);
}

/** Install wheels into a virtualenv with its own pip, offline. */
export function pipInstall(venv: string, wheels: readonly string[]): void {
  execFileSync(path.join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--no-index', '--no-deps', '--disable-pip-version-check', '-q', ...wheels]);
}
