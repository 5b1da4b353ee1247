import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DocentError } from '../errors.js';
import type { Logger } from '../log.js';
import { CdpClient } from './cdp-client.js';
import { INSPECTOR_NOISE, startInspected } from './node-launch.js';
import { killTree } from '../process/process-tree.js';
import {
  OutputBuffer,
  StopWaiter,
  waitForStop,
  type BoundBreakpoint,
  type BreakpointSpec,
  type DebugSession,
  type FrameInfo,
  type SessionState,
  type StopEvent,
  type VarInfo,
} from './session.js';
import { compiledScriptFor, ScriptMap } from './source-maps.js';

/**
 * A DebugSession for Node over its inspector protocol (no DAP adapter for Node installs from
 * npm here). Node 20 leaves callFrames[].url empty, so scripts are known from
 * `Debugger.scriptParsed`; TypeScript lines go through each script's source map, and
 * breakpoints in a file whose script is not loaded yet are placed when it loads (V8 pauses
 * before running any script with a source map; docent places them and resumes).
 */

interface RemoteObject {
  type: string;
  subtype?: string;
  className?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  objectId?: string;
}
interface CallFrame {
  callFrameId: string;
  functionName: string;
  location: { scriptId: string; lineNumber: number; columnNumber: number };
  scopeChain: Array<{ type: string; object: RemoteObject }>;
}
interface Script {
  path: string;
  map?: ScriptMap;
}
interface Pending {
  file: string;
  spec: BreakpointSpec;
  bound: BoundBreakpoint;
}


export class NodeSession implements DebugSession {
  readonly language: string;
  readonly adapter = `node ${process.version} inspector`;
  readonly output = new OutputBuffer();
  private child!: ChildProcess;
  private cdp!: CdpClient;
  private current: SessionState = 'starting';
  private last: StopEvent | null = null;
  private frames: CallFrame[] = [];
  private readonly waiter = new StopWaiter();
  private readonly scripts = new Map<string, Script>();
  /** Breakpoint ids per file, so setBreakpoints can replace a file's set. */
  private readonly byFile = new Map<string, string[]>();
  /** Breakpoints in mapped (TypeScript) files whose script has not loaded yet. */
  private pending: Pending[] = [];
  private readonly boundById = new Map<string, BoundBreakpoint>();
  private stepping = false;
  private entryPending = true;
  private stopOnEntry = false;
  private exitCode: number | null = null;
  private thrownAt: FrameInfo[] = [];

  constructor(
    private readonly launchArgs: { program: string; args: string[]; cwd: string; env?: Record<string, string> },
    private readonly log: Logger,
  ) {
    this.language = /\.[mc]?ts$/.test(launchArgs.program) ? 'typescript' : 'javascript';
  }

  state(): SessionState {
    return this.current;
  }
  lastStop(): StopEvent | null {
    return this.last;
  }

  async launch(breakpoints: Map<string, BreakpointSpec[]>, stopOnEntry: boolean): Promise<Map<string, BoundBreakpoint[]>> {
    this.stopOnEntry = stopOnEntry;
    const started = await startInspected(this.launchArgs.program, this.launchArgs.args, this.launchArgs.cwd, this.launchArgs.env);
    this.child = started.child;
    const url = started.url;
    this.child.stdout!.on('data', (d: Buffer) => this.output.append(d.toString('utf8')));
    this.child.stderr!.on('data', (d: Buffer) => {
      const text = d.toString('utf8').replace(INSPECTOR_NOISE, '');
      if (text) this.output.append(text);
    });
    // 'close', not 'exit': by then all of the program's output has been read.
    this.child.on('close', (code, signal) => {
      this.exitCode = code ?? (signal ? 128 : null);
      this.onExited();
    });
    this.cdp = await CdpClient.connect(url, this.log);
    this.cdp.on('Debugger.scriptParsed', (p: { scriptId: string; url: string; sourceMapURL?: string }) => this.onScript(p));
    this.cdp.on('Debugger.paused', (p: { reason: string; callFrames: CallFrame[]; hitBreakpoints?: string[]; data?: { description?: string } }) => void this.onPaused(p));
    this.cdp.on('Debugger.breakpointResolved', (p: { breakpointId: string; location: { scriptId: string; lineNumber: number; columnNumber: number } }) => {
      const bound = this.boundById.get(p.breakpointId);
      if (!bound || bound.verified) return;
      bound.verified = true;
      bound.bound_line = this.originalLine(p.location.scriptId, p.location.lineNumber + 1, p.location.columnNumber)?.line ?? p.location.lineNumber + 1;
      delete bound.message;
    });
    this.cdp.on('Debugger.resumed', () => {
      if (this.current === 'stopped') this.current = 'running';
    });
    // The program has finished and Node waits for the debugger to leave: leave, so it exits.
    this.cdp.on('Runtime.executionContextDestroyed', () => this.cdp.close());
    this.cdp.on('close', () => setTimeout(() => this.kill(), 2000).unref());
    await this.cdp.send('Runtime.enable');
    await this.cdp.send('Debugger.enable');
    await this.cdp.send('Debugger.setPauseOnExceptions', { state: 'uncaught' });
    await this.cdp.send('Debugger.setInstrumentationBreakpoint', { instrumentation: 'beforeScriptWithSourceMapExecution' }).catch(() => {});
    const bound = new Map<string, BoundBreakpoint[]>();
    for (const [file, specs] of breakpoints) bound.set(file, await this.setBreakpoints(file, specs));
    await this.cdp.send('Runtime.runIfWaitingForDebugger');
    this.current = 'running';
    return bound;
  }

  private onScript(p: { scriptId: string; url: string; sourceMapURL?: string }): void {
    if (!p.url || p.url.startsWith('node:')) return;
    const file = p.url.startsWith('file:') ? fileURLToPath(p.url) : p.url;
    if (!file.startsWith('/')) return;
    this.scripts.set(p.scriptId, { path: file, map: p.sourceMapURL ? ScriptMap.load(file, p.sourceMapURL) : undefined });
  }

  private async onPaused(p: { reason: string; callFrames: CallFrame[]; hitBreakpoints?: string[]; data?: { description?: string } }): Promise<void> {
    if (p.reason === 'instrumentation') {
      // A script with a source map is about to run: place the breakpoints waiting for it.
      await this.placePending().catch((err) => this.log.debug('placing pending breakpoints failed', err));
      await this.cdp.send('Debugger.resume').catch(() => {});
      return;
    }
    if (this.pending.length) await this.placePending().catch(() => {});
    if (this.entryPending) {
      // --inspect-brk pauses on the first line of the program; that is only a stop when asked for.
      this.entryPending = false;
      if (!this.stopOnEntry) {
        await this.cdp.send('Debugger.resume').catch(() => {});
        return;
      }
    }
    const reason =
      p.reason === 'exception' || p.reason === 'promiseRejection'
        ? 'exception'
        : p.hitBreakpoints?.length
          ? 'breakpoint'
          : p.reason === 'Break on start'
            ? 'entry'
            : this.stepping
              ? 'step'
              : p.reason === 'other'
                ? 'pause'
                : p.reason;
    this.stepping = false;
    this.frames = p.callFrames;
    // An exception in an ES module surfaces in Node's module job, not where it was thrown: keep the
    // error's own stack to show instead when no paused frame is the program's.
    this.thrownAt = reason === 'exception' ? framesFromStack(p.data?.description ?? '') : [];
    this.current = 'stopped';
    this.last = { kind: 'stopped', reason, threadId: 1, ...(p.data?.description ? { text: p.data.description.split('\n')[0] } : {}) };
    this.waiter.fire(this.last);
  }

  private onExited(): void {
    if (this.current === 'exited') return;
    this.current = 'exited';
    this.last = { kind: 'exited', exitCode: this.exitCode };
    this.frames = [];
    this.waiter.fire(this.last);
  }

  /** A file as the generated script position it runs at (through a source map when it has one). */
  private locate(file: string, line: number): { url: string; line: number; column: number } | 'pending' | 'plain' {
    for (const s of this.scripts.values()) {
      if (s.map?.has(file)) {
        const g = s.map.generated(file, line);
        if (g) return { url: s.path, line: g.line, column: g.column };
      }
    }
    if (!/\.[mc]?tsx?$/.test(file)) return 'plain';
    // Not loaded yet: find the script tsc will have written for it, so the breakpoint is in place before it runs.
    const compiled = compiledScriptFor(file);
    const g = compiled?.map.generated(file, line);
    return compiled && g ? { url: compiled.path, line: g.line, column: g.column } : 'pending';
  }

  async setBreakpoints(file: string, specs: BreakpointSpec[]): Promise<BoundBreakpoint[]> {
    for (const id of this.byFile.get(file) ?? []) await this.cdp.send('Debugger.removeBreakpoint', { breakpointId: id }).catch(() => {});
    this.pending = this.pending.filter((p) => p.file !== file);
    const ids: string[] = [];
    const out: BoundBreakpoint[] = [];
    for (const spec of specs) {
      const bound: BoundBreakpoint = { line: spec.line, verified: false, bound_line: null };
      const where = this.locate(file, spec.line);
      if (where === 'pending') {
        bound.message = 'pending: no loaded script maps this file yet; it binds when one does';
        this.pending.push({ file, spec, bound });
      } else {
        const id = await this.place(file, spec, bound, where === 'plain' ? { url: file, line: spec.line, column: 0 } : where);
        if (id) ids.push(id);
      }
      out.push(bound);
    }
    this.byFile.set(file, ids);
    return out;
  }

  private async placePending(): Promise<void> {
    const still: Pending[] = [];
    for (const p of this.pending) {
      const where = this.locate(p.file, p.spec.line);
      if (where === 'pending' || where === 'plain') {
        still.push(p);
        continue;
      }
      const id = await this.place(p.file, p.spec, p.bound, where);
      if (id) this.byFile.set(p.file, [...(this.byFile.get(p.file) ?? []), id]);
    }
    this.pending = still;
  }

  private async place(file: string, spec: BreakpointSpec, bound: BoundBreakpoint, at: { url: string; line: number; column: number }): Promise<string | undefined> {
    const escaped = at.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A log point is a condition that prints and never stops ({expr} interpolated as in DAP).
    const condition = spec.logMessage ? `(console.log(\`${spec.logMessage.replace(/`/g, '\\`').replace(/\{/g, '${')}\`), false)` : spec.condition;
    try {
      const r = await this.cdp.send<{ breakpointId: string; locations: Array<{ scriptId: string; lineNumber: number; columnNumber: number }> }>('Debugger.setBreakpointByUrl', {
        urlRegex: `^(file://)?${escaped}$`,
        lineNumber: at.line - 1,
        columnNumber: at.column,
        ...(condition ? { condition } : {}),
      });
      const loc = r.locations[0];
      if (loc) {
        bound.verified = true;
        bound.bound_line = this.originalLine(loc.scriptId, loc.lineNumber + 1, loc.columnNumber)?.line ?? loc.lineNumber + 1;
        delete bound.message;
      } else {
        bound.message = 'pending: the script is not loaded yet; it binds when it loads';
      }
      this.boundById.set(r.breakpointId, bound);
      return r.breakpointId;
    } catch (err) {
      bound.message = (err as Error).message;
      return undefined;
    }
  }

  private originalLine(scriptId: string, line: number, column: number): { file: string | null; line: number } | undefined {
    const s = this.scripts.get(scriptId);
    if (!s) return undefined;
    if (s.map) {
      const o = s.map.original(line, column);
      if (o) return o;
    }
    return { file: s.path, line };
  }

  until(action: (() => Promise<void>) | null, timeoutMs: number, signal?: AbortSignal): Promise<StopEvent> {
    if (this.current === 'exited') return Promise.resolve(this.last!);
    return waitForStop(this.waiter.next(), action, timeoutMs, signal);
  }

  async resume(): Promise<void> {
    this.current = 'running';
    await this.cdp.send('Debugger.resume');
  }

  async step(_thread: number, kind: 'over' | 'in' | 'out'): Promise<void> {
    this.stepping = true;
    this.current = 'running';
    await this.cdp.send(kind === 'over' ? 'Debugger.stepOver' : kind === 'in' ? 'Debugger.stepInto' : 'Debugger.stepOut');
  }

  async stack(_thread: number, maxFrames: number): Promise<{ frames: FrameInfo[]; total: number | null }> {
    const own = this.frames.some((f) => this.scripts.has(f.location.scriptId));
    if (!own && this.thrownAt.length) return { frames: this.thrownAt.slice(0, maxFrames), total: this.thrownAt.length };
    const frames = this.frames.slice(0, maxFrames).map((f, i) => {
      const o = this.originalLine(f.location.scriptId, f.location.lineNumber + 1, f.location.columnNumber);
      return { ref: i, function: f.functionName || '(anonymous)', file: o?.file ?? null, line: o?.line ?? f.location.lineNumber + 1, column: f.location.columnNumber + 1 };
    });
    return { frames, total: this.frames.length };
  }

  async locals(frame: FrameInfo): Promise<VarInfo[]> {
    const f = typeof frame.ref === 'number' ? this.frames[frame.ref] : undefined;
    if (!f) return [];
    const out: VarInfo[] = [];
    // Block scopes first, then the function's own; closures and globals are not locals.
    for (const scope of f.scopeChain) {
      if (scope.type !== 'local' && scope.type !== 'block' && scope.type !== 'catch') break;
      if (scope.object.objectId) out.push(...(await this.children(scope.object.objectId, 200)));
    }
    return out.filter((v) => v.name !== 'this' && !(v.name === 'exports' || v.name === 'require' || v.name === 'module' || v.name === '__filename' || v.name === '__dirname'));
  }

  async children(ref: number | string, max: number): Promise<VarInfo[]> {
    const r = await this.cdp.send<{ result: Array<{ name: string; value?: RemoteObject }> }>('Runtime.getProperties', { objectId: String(ref), ownProperties: true });
    return r.result
      .filter((p) => p.value && p.name !== '__proto__')
      .slice(0, max)
      .map((p) => toVar(p.name, p.value!));
  }

  async evaluate(expression: string, frame: FrameInfo | null): Promise<VarInfo> {
    const f = frame ? this.frames[Number(frame.ref)] : undefined;
    const r = f
      ? await this.cdp.send<{ result: RemoteObject; exceptionDetails?: { exception?: RemoteObject; text: string } }>('Debugger.evaluateOnCallFrame', { callFrameId: f.callFrameId, expression })
      : await this.cdp.send<{ result: RemoteObject; exceptionDetails?: { exception?: RemoteObject; text: string } }>('Runtime.evaluate', { expression });
    if (r.exceptionDetails) {
      throw new DocentError('E_BAD_INPUT', `Evaluating "${expression}" threw: ${r.exceptionDetails.exception?.description?.split('\n')[0] ?? r.exceptionDetails.text}`);
    }
    return toVar(expression, r.result);
  }

  async stop(): Promise<void> {
    this.kill();
  }

  kill(): void {
    killTree(this.child?.pid);
    this.cdp?.close();
    this.onExited();
  }
}

function toVar(name: string, o: RemoteObject): VarInfo {
  let value: string;
  if (o.type === 'string') value = JSON.stringify(o.value);
  else if (o.unserializableValue) value = o.unserializableValue;
  else if (o.type === 'undefined') value = 'undefined';
  else if (o.subtype === 'null') value = 'null';
  else if ('value' in o && o.type !== 'object' && o.type !== 'function') value = String(o.value);
  else value = o.description ?? o.type;
  const count = o.subtype === 'array' ? Number(/\((\d+)\)/.exec(o.description ?? '')?.[1]) : undefined;
  return {
    name,
    value,
    type: o.className ?? o.subtype ?? o.type,
    ...(o.objectId && o.type === 'object' && o.subtype !== 'null' ? { ref: o.objectId } : {}),
    ...(count !== undefined && !Number.isNaN(count) ? { count } : {}),
  };
}

/** Frames from an Error's stack text ("at fn (file:///x.js:5:30)"), for exceptions whose throw site is not among the paused frames. */
function framesFromStack(stack: string): FrameInfo[] {
  const out: FrameInfo[] = [];
  for (const m of stack.matchAll(/^\s+at (?:(.*?) \()?(file:\/\/[^\s)]+|\/[^\s):]+):(\d+):(\d+)\)?$/gm)) {
    const file = m[2]!.startsWith('file:') ? fileURLToPath(m[2]!) : m[2]!;
    out.push({ ref: `thrown:${out.length}`, function: m[1] || '(anonymous)', file, line: Number(m[3]), column: Number(m[4]) });
  }
  return out;
}
