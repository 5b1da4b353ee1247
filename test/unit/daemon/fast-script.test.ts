import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerScript, SCRIPT_END, SCRIPT_HEAD } from '../../../src/cli/fast-script.js';

/**
 * The daemon's answer script for the shell launcher, evaluated by real shells the way
 * bin/docent does (`eval "$answer"` after a command substitution): every byte of hostile text
 * comes out as it went in, on the right stream, with the right exit code.
 */

const HOSTILE = [
  `it's "quoted" and 'single' ''`,
  'expansions: $(echo pwned) `echo pwned` ${HOME} $HOME $((1+1)) !! ~ *',
  'backslashes: \\ \\\\ \\n \\t \\000 %s %d %%',
  'lines\nand more lines\n\n\nand a blank tail\n\n',
  'no trailing newline',
  'a NUL \0 in the middle and at the end\0',
  'control: \x1b[31mred\x1b[0m \r \t \x07 \x7f',
  'unicode: — ‘quotes’ λ 🎉 \u2028 \ufeff',
  "'",
  '',
];

const shells = ['sh', 'dash', 'bash'].filter((s) => ['/bin/', '/usr/bin/'].some((d) => existsSync(d + s)));

function evalAsLauncher(shell: string, script: string) {
  // The launcher's own steps: the answer through a command substitution, checked, evaluated.
  const launcher = `a=$(cat) || exit 99
nl='
'
case $a in "# docent-cli 1$nl"*) ;; *) exit 98 ;; esac
case $a in *"$nl# docent-cli end") ;; *) exit 97 ;; esac
eval "$a"
exit 96`;
  return spawnSync(shell, ['-c', launcher], { input: Buffer.from(script, 'utf8') });
}

describe('the launcher answer script', () => {
  it('is framed by a head and an end line', () => {
    const s = answerScript({ stdout: 'x\n', stderr: '', exitCode: 0 });
    expect(s.startsWith(SCRIPT_HEAD)).toBe(true);
    expect(s.trimEnd().endsWith(`\nexit 0\n${SCRIPT_END}`)).toBe(true);
    expect(answerScript({ stdout: '', stderr: '', exitCode: 0 }, false).startsWith(SCRIPT_HEAD)).toBe(false);
  });

  for (const shell of shells) {
    it(`prints hostile text byte for byte under ${shell}`, () => {
      for (const [i, text] of HOSTILE.entries()) {
        const other = HOSTILE[(i + 3) % HOSTILE.length]!;
        const exitCode = i % 5;
        const r = evalAsLauncher(shell, answerScript({ stdout: text, stderr: other, exitCode }));
        expect(r.status, `${shell}: ${JSON.stringify(text)}: ${r.stderr.toString()}`).toBe(exitCode);
        expect(r.stdout.equals(Buffer.from(text, 'utf8')), `${shell} stdout of ${JSON.stringify(text)}: ${JSON.stringify(r.stdout.toString())}`).toBe(true);
        expect(r.stderr.equals(Buffer.from(other, 'utf8')), `${shell} stderr of ${JSON.stringify(other)}`).toBe(true);
      }
    });
  }

  it('keeps a large answer whole', () => {
    const big = Array.from({ length: 20_000 }, (_, i) => `line ${i}: it's $(x) \\ ${'é'.repeat(i % 7)}`).join('\n');
    const r = evalAsLauncher('sh', answerScript({ stdout: big, stderr: '', exitCode: 1 }));
    expect(r.status).toBe(1);
    expect(r.stdout.toString('utf8')).toBe(big);
  });

  it('is refused when cut short', () => {
    const whole = answerScript({ stdout: 'partial answer\n', stderr: '', exitCode: 0 });
    for (const cut of [whole.slice(0, whole.length - 5), whole.slice(0, 10), 'printf hello', '']) {
      const r = evalAsLauncher('sh', cut);
      expect(r.status).toBeGreaterThanOrEqual(97);
      expect(r.stdout.toString()).toBe('');
    }
  });
});
