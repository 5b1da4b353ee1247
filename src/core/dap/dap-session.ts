import type { DebugProtocol as DP } from '@vscode/debugprotocol';
import { DocentError } from '../errors.js';
import type { Logger } from '../log.js';
import type { DapAdapterSpec } from './adapters.js';
import { DapClient } from './dap-client.js';
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

/**
 * A DebugSession over a DAP adapter (debugpy, lldb-dap). The launch follows the order every
 * adapter accepts, whatever order it answers in: initialize, send launch, wait for
 * `initialized`, set breakpoints and exception filters, configurationDone, then await the launch
 * answer (lldb-dap answers launch before `initialized`, debugpy only after configurationDone).
 */

export interface DapLaunch {
  program: string;
  args: string[];
  cwd: string;
  env?: Record<string, string>;
}

export class DapSession implements DebugSession {
  readonly output = new OutputBuffer();
  private readonly client: DapClient;
  private current: SessionState = 'starting';
  private last: StopEvent | null = null;
  private exitCode: number | null = null;
  private readonly waiter = new StopWaiter();
  /** Breakpoints by adapter id, updated in place by `breakpoint` events (late binding). */
  private readonly byId = new Map<number, BoundBreakpoint>();

  constructor(
    private readonly spec: DapAdapterSpec,
    private readonly launchArgs: DapLaunch,
    private readonly log: Logger,
  ) {
    this.client = new DapClient({ name: spec.name, command: spec.command, args: spec.args, cwd: launchArgs.cwd, env: { ...process.env, ...spec.env }, log });
    this.client.on('event', (e: DP.Event) => this.onEvent(e));
    this.client.on('close', () => this.onExited());
  }

  get language(): string {
    return this.spec.language;
  }
  get adapter(): string {
    return this.spec.label;
  }
  state(): SessionState {
    return this.current;
  }
  lastStop(): StopEvent | null {
    return this.last;
  }

  private onEvent(e: DP.Event): void {
    switch (e.event) {
      case 'stopped': {
        const b = e.body as DP.StoppedEvent['body'];
        this.current = 'stopped';
        const stop: StopEvent = { kind: 'stopped', reason: b.reason, description: b.description, text: b.text, threadId: b.threadId ?? 0 };
        this.last = stop;
        // One round trip before answering lets output the program wrote just before stopping
        // (it reaches the adapter by another path than the stop) arrive first.
        void this.client
          .request('threads', undefined, 2000)
          .catch(() => {})
          .then(() => {
            if (this.last === stop) this.waiter.fire(stop);
          });
        break;
      }
      case 'continued':
        if (this.current === 'stopped') this.current = 'running';
        break;
      case 'exited':
        this.exitCode = (e.body as DP.ExitedEvent['body']).exitCode;
        break;
      case 'terminated':
        // The program's last output may still be on its way from the adapter's reader thread.
        setTimeout(() => this.onExited(), 50);
        break;
      case 'output': {
        const b = e.body as DP.OutputEvent['body'];
        const text = this.spec.output ? this.spec.output(b.category, b.output) : !b.category || b.category === 'stdout' || b.category === 'stderr' || b.category === 'important' ? b.output : null;
        if (text) this.output.append(text);
        break;
      }
      case 'breakpoint': {
        const b = (e.body as DP.BreakpointEvent['body']).breakpoint;
        const known = b.id !== undefined ? this.byId.get(b.id) : undefined;
        if (known) {
          known.verified = b.verified;
          known.bound_line = b.verified ? (b.line ?? known.bound_line ?? known.line) : null;
          if (b.message) known.message = b.message;
        }
        break;
      }
    }
  }

  private onExited(): void {
    if (this.current === 'exited') return;
    this.current = 'exited';
    this.last = { kind: 'exited', exitCode: this.exitCode };
    this.waiter.fire(this.last);
    // The adapter has nothing left to do; do not leave it (or a stuck debuggee) behind.
    setTimeout(() => this.client.kill(), 200).unref();
  }

  async launch(breakpoints: Map<string, BreakpointSpec[]>, stopOnEntry: boolean): Promise<Map<string, BoundBreakpoint[]>> {
    await this.client.request('initialize', {
      clientID: 'docent',
      clientName: 'docent',
      adapterID: this.spec.adapterID,
      pathFormat: 'path',
      linesStartAt1: true,
      columnsStartAt1: true,
      supportsVariableType: true,
      supportsRunInTerminalRequest: false,
      locale: 'en',
    } satisfies DP.InitializeRequestArguments, 15_000);
    const initialized = new Promise<void>((resolve) => {
      const on = (e: DP.Event) => {
        if (e.event === 'initialized') {
          this.client.off('event', on);
          resolve();
        }
      };
      this.client.on('event', on);
    });
    const launched = this.client.request('launch', this.spec.launchArguments(this.launchArgs, stopOnEntry), 30_000);
    launched.catch(() => {});
    // A launch that fails before `initialized` (no such program) must not leave us waiting.
    await Promise.race([initialized, launched.then(() => initialized)]);
    // Configuration goes out in one burst: adapters answer in order, and each round trip through
    // debugpy costs tens of milliseconds.
    const bound = new Map<string, BoundBreakpoint[]>();
    const configured = [
      ...[...breakpoints].map(async ([file, specs]) => bound.set(file, await this.setBreakpoints(file, specs))),
      this.client.request('setExceptionBreakpoints', { filters: this.spec.exceptionFilters }).catch((err) => this.log.debug('exception filters refused', err)),
    ];
    const done = this.client.request('configurationDone', {});
    await Promise.all([...configured, done]);
    await launched;
    if (this.current === 'starting') this.current = 'running';
    return bound;
  }

  async setBreakpoints(file: string, specs: BreakpointSpec[]): Promise<BoundBreakpoint[]> {
    const body = await this.client.request<DP.SetBreakpointsResponse['body']>('setBreakpoints', {
      source: { path: file },
      breakpoints: specs.map((s) => ({ line: s.line, condition: s.condition, logMessage: s.logMessage })),
      lines: specs.map((s) => s.line),
    });
    return specs.map((s, i) => {
      const b = body.breakpoints[i];
      const out: BoundBreakpoint = {
        line: s.line,
        verified: Boolean(b?.verified),
        bound_line: b?.verified ? (b.line ?? s.line) : null,
        ...(b?.message ? { message: b.message } : b?.verified ? {} : { message: 'the adapter did not bind it (no code at or after this line, or the file is not loaded yet)' }),
      };
      if (b?.id !== undefined) this.byId.set(b.id, out);
      return out;
    });
  }

  until(action: (() => Promise<void>) | null, timeoutMs: number, signal?: AbortSignal): Promise<StopEvent> {
    if (this.current === 'exited') return Promise.resolve(this.last!);
    return waitForStop(this.waiter.next(), action, timeoutMs, signal);
  }

  private async thread(threadId: number): Promise<number> {
    if (threadId) return threadId;
    const { threads } = await this.client.request<DP.ThreadsResponse['body']>('threads');
    if (!threads.length) throw new DocentError('E_UNAVAILABLE', 'The program has no threads to show.');
    return threads[0]!.id;
  }

  async resume(threadId: number): Promise<void> {
    this.current = 'running';
    await this.client.request('continue', { threadId: await this.thread(threadId) });
  }

  async step(threadId: number, kind: 'over' | 'in' | 'out'): Promise<void> {
    const command = kind === 'over' ? 'next' : kind === 'in' ? 'stepIn' : 'stepOut';
    const id = await this.thread(threadId);
    this.current = 'running';
    await this.client.request(command, { threadId: id });
  }

  async stack(threadId: number, maxFrames: number): Promise<{ frames: FrameInfo[]; total: number | null }> {
    const body = await this.client.request<DP.StackTraceResponse['body']>('stackTrace', { threadId: await this.thread(threadId), startFrame: 0, levels: maxFrames });
    const frames = body.stackFrames.slice(0, maxFrames).map((f) => ({ ref: f.id, function: f.name, file: f.source?.path ?? null, line: f.line, column: f.column }));
    return { frames, total: body.totalFrames ?? null };
  }

  async locals(frame: FrameInfo): Promise<VarInfo[]> {
    const { scopes } = await this.client.request<DP.ScopesResponse['body']>('scopes', { frameId: frame.ref });
    const scope = scopes.find((s) => /local/i.test(s.name)) ?? scopes.find((s) => !s.expensive) ?? scopes[0];
    if (!scope) return [];
    return this.children(scope.variablesReference, 200);
  }

  async children(ref: number | string, max: number): Promise<VarInfo[]> {
    const { variables } = await this.client.request<DP.VariablesResponse['body']>('variables', { variablesReference: Number(ref) });
    return variables
      .filter((v) => !this.spec.hiddenVariable?.(v.name))
      .slice(0, max)
      .map((v) => ({
        name: v.name,
        value: v.value,
        ...(v.type ? { type: v.type } : {}),
        ...(v.variablesReference ? { ref: v.variablesReference } : {}),
        ...(v.indexedVariables !== undefined || v.namedVariables !== undefined ? { count: (v.indexedVariables ?? 0) + (v.namedVariables ?? 0) } : {}),
      }));
  }

  async evaluate(expression: string, frame: FrameInfo | null): Promise<VarInfo> {
    const body = await this.client.request<DP.EvaluateResponse['body']>('evaluate', { expression, frameId: frame?.ref, context: this.spec.evaluateContext });
    return { name: expression, value: body.result, ...(body.type ? { type: body.type } : {}), ...(body.variablesReference ? { ref: body.variablesReference } : {}) };
  }

  async stop(): Promise<void> {
    if (this.client.alive) {
      await this.client.request('disconnect', { terminateDebuggee: true }, 2000).catch(() => {});
    }
    this.kill();
  }

  kill(): void {
    this.client.kill();
    if (this.current !== 'exited') {
      this.current = 'exited';
      this.last = { kind: 'exited', exitCode: this.exitCode };
      this.waiter.fire(this.last);
    }
  }
}
