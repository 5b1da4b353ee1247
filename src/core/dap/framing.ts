/**
 * DAP's base protocol: `Content-Length: N\r\n\r\n` followed by N bytes of JSON, the same framing
 * as LSP. DAP messages are not JSON-RPC (seq/type/request_seq instead of id/method), so docent
 * frames them itself rather than through vscode-jsonrpc.
 */

export function encodeMessage(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** Feeds bytes in, calls `onMessage` for each complete message; tolerates any chunking. */
export class MessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  constructor(private readonly onMessage: (message: unknown) => void) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const m = /Content-Length:\s*(\d+)/i.exec(header);
      if (!m) {
        // Not a header: drop up to the separator and resynchronise.
        this.buffer = this.buffer.subarray(headerEnd + 4);
        continue;
      }
      const length = Number(m[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const body = this.buffer.subarray(start, start + length).toString('utf8');
      this.buffer = this.buffer.subarray(start + length);
      try {
        this.onMessage(JSON.parse(body));
      } catch {
        // A malformed message is skipped; the stream stays usable.
      }
    }
  }
}
