import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../core/log.js';

/**
 * Notices clients that went away without ending their session. Streamable HTTP sessions
 * outlive connections, so a killed `serve --attach` or CLI would otherwise leave its session
 * (and its running requests) behind forever. A session is closed, which cancels its requests,
 * when it has no open connection left and either had a standing GET stream (an attached
 * client keeps one open for its whole life) or its last request was cut off before its answer.
 */

const GRACE_MS = 1000;

interface State {
  open: number;
  hadStream: boolean;
  timer?: NodeJS.Timeout;
}

export class SessionLiveness {
  private readonly sessions = new Map<string, State>();

  constructor(
    private readonly close: (id: string) => Promise<void>,
    private readonly log: Logger,
  ) {}

  track(req: IncomingMessage, res: ServerResponse): void {
    const header = req.headers['mcp-session-id'];
    let id = typeof header === 'string' ? header : undefined;
    if (req.method === 'DELETE') {
      if (id) this.forget(id);
      return;
    }
    let state: State | undefined;
    const begin = (sid: string) => {
      state = this.sessions.get(sid);
      if (!state) this.sessions.set(sid, (state = { open: 0, hadStream: false }));
      state.open++;
      if (state.timer) clearTimeout(state.timer);
      state.timer = undefined;
      if (req.method === 'GET') state.hadStream = true;
    };
    if (id) begin(id);
    res.once('close', () => {
      if (!id) {
        // initialize: the session id is known only from the answer
        const assigned = res.getHeader('mcp-session-id');
        if (typeof assigned !== 'string') return;
        id = assigned;
        begin(id);
      }
      const s = this.sessions.get(id);
      if (!s || s !== state) return;
      s.open = Math.max(0, s.open - 1);
      const cutOff = !res.writableFinished;
      if (s.open === 0 && (s.hadStream || cutOff)) {
        const sid = id;
        s.timer = setTimeout(() => {
          if (this.sessions.get(sid) !== s || s.open > 0) return;
          this.forget(sid);
          this.log.info(`session ${sid} lost its client${cutOff ? ' mid-request' : ''}; closing it`);
          void this.close(sid);
        }, GRACE_MS);
      }
    });
  }

  private forget(id: string): void {
    const s = this.sessions.get(id);
    if (s?.timer) clearTimeout(s.timer);
    this.sessions.delete(id);
  }

  dispose(): void {
    for (const id of [...this.sessions.keys()]) this.forget(id);
  }
}
