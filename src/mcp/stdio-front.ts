/**
 * The first moments of a stdio session, answered before the MCP SDK is loaded.
 *
 * An MCP client spawns `docent serve` at every session start and waits for `initialize` and
 * then `tools/list`. Loading the SDK's server (with zod's protocol schemas, Ajv and their
 * dependencies) costs more than answering either, and neither answer needs it: `initialize`
 * is fixed (identity.ts) and the tool list comes from the build's manifest. So the front reads
 * stdin first, answers `initialize`, `ping` and `tools/list` itself, keeps every other line
 * in order, and asks for the server (`onNeedServer`) when it meets a line it cannot answer.
 *
 * When the server is ready, `handOver` stops reading and gives back what the SDK's transport
 * must read: the `initialize` request (so the SDK's session knows the client: its capabilities,
 * roots, protocol version), then every line the front did not answer, then any partial line.
 * The SDK answers that `initialize` again; `swallowReply` drops that second answer.
 */
import type { Readable, Writable } from 'node:stream';

export interface FrontAnswers {
  /** The `initialize` result for the requested protocol version. */
  initialize(requestedVersion: unknown): Record<string, unknown>;
  /** The `tools/list` result. */
  toolsList(): Record<string, unknown>;
}

type Id = string | number;

interface Message {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: { protocolVersion?: unknown; cursor?: unknown } | undefined;
}

export class StdioFront {
  /** Lines (each ending in "\n") for the SDK's transport, in arrival order, as read. */
  private readonly replay: Buffer[] = [];
  /** The bytes after the last newline (maybe part of a UTF-8 character). */
  private partial: Buffer = Buffer.alloc(0);
  private initializeId: Id | undefined;
  private listening = false;
  private readonly ondata = (chunk: Buffer | string) => this.read(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);

  constructor(
    private readonly answers: FrontAnswers,
    private readonly onNeedServer: (why: 'unanswered' | 'listed') => void,
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  listen(): void {
    this.listening = true;
    this.input.on('data', this.ondata);
  }

  /**
   * Stop reading and return what the SDK's transport must read next, with the id of the
   * `initialize` request the front answered (undefined if none came). The input is left
   * paused, with that text pushed back into it: attach the transport, then resume the input.
   */
  handOver(): { initializeId: Id | undefined } {
    if (this.listening) {
      this.input.pause();
      this.input.off('data', this.ondata);
      this.listening = false;
    }
    const rest = Buffer.concat([...this.replay, this.partial]);
    this.replay.length = 0;
    this.partial = Buffer.alloc(0);
    if (rest.length) this.input.unshift(rest);
    return { initializeId: this.initializeId };
  }

  private read(chunk: Buffer): void {
    this.partial = this.partial.length ? Buffer.concat([this.partial, chunk]) : chunk;
    for (let nl = this.partial.indexOf(0x0a); nl >= 0; nl = this.partial.indexOf(0x0a)) {
      const line = this.partial.subarray(0, nl + 1);
      this.partial = this.partial.subarray(nl + 1);
      this.take(line);
    }
  }

  private take(line: Buffer): void {
    const text = line.toString('utf8').replace(/\r?\n$/, '');
    const message = parse(text);
    const answered = message && this.answer(message);
    if (answered === 'initialize') {
      this.replay.push(line);
      return;
    }
    if (answered) {
      if (answered === 'tools/list') this.onNeedServer('listed');
      return;
    }
    this.replay.push(line);
    // A request (or a line only the SDK can judge) wants the server now; a notification such as
    // notifications/initialized can wait for it, so that the tools/list right behind it is
    // answered here first.
    if (text.trim() && !isNotification(message)) this.onNeedServer('unanswered');
  }

  /** Answer one message if the front can; the method answered, or null to leave it to the SDK. */
  private answer(message: Message): string | null {
    // Answering out of arrival order is safe: JSON-RPC matches answers by id, and nothing a
    // client may send between initialize and tools/list changes the tool list.
    if (message.jsonrpc !== '2.0') return null;
    const id = message.id;
    if (typeof id !== 'string' && typeof id !== 'number') return null;
    let result: Record<string, unknown>;
    if (message.method === 'initialize' && this.initializeId === undefined) {
      result = this.answers.initialize(message.params?.protocolVersion);
      this.initializeId = id;
    } else if (message.method === 'ping') {
      result = {};
    } else if (message.method === 'tools/list' && this.initializeId !== undefined && message.params?.cursor === undefined) {
      result = this.answers.toolsList();
    } else {
      return null;
    }
    this.output.write(JSON.stringify({ result, jsonrpc: '2.0', id }) + '\n');
    return message.method;
  }
}

/** A line as a JSON-RPC object, or null when it is not one (the SDK's transport reports it). */
function parse(text: string): Message | null {
  try {
    const m = JSON.parse(text) as unknown;
    return m && typeof m === 'object' && !Array.isArray(m) ? (m as Message) : null;
  } catch {
    return null;
  }
}

function isNotification(m: Message | null): boolean {
  return !!m && typeof m.method === 'string' && !('id' in m);
}

/**
 * Wrap a transport's `send` so that the SDK's own answer to the replayed `initialize` (already
 * answered by the front) is not sent a second time. `onDropped` sees it, for a consistency log.
 */
export function swallowReply<T extends { send(message: object, ...rest: never[]): Promise<void> }>(
  transport: T,
  id: Id | undefined,
  onDropped: (message: object) => void,
): void {
  if (id === undefined) return;
  const send = transport.send.bind(transport);
  let pending = true;
  transport.send = ((message: object, ...rest: never[]) => {
    if (pending && 'id' in message && (message as { id: unknown }).id === id && ('result' in message || 'error' in message)) {
      pending = false;
      onDropped(message);
      return Promise.resolve();
    }
    return send(message, ...rest);
  }) as T['send'];
}
