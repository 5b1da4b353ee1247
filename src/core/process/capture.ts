/**
 * A bounded capture of one output stream: the first `headBytes` and the last `tailBytes` are
 * kept, everything between is counted and dropped. A flood of output (a test printing in a
 * loop, a build log of megabytes) then costs a fixed amount of memory, and what a reader needs
 * most — how it started and how it ended — survives.
 */
export class HeadTailCapture {
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private tail: Buffer[] = [];
  private tailLength = 0;
  /** Bytes seen in total. */
  total = 0;

  constructor(
    private readonly headBytes: number,
    private readonly tailBytes: number,
  ) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headLength < this.headBytes) {
      const take = Math.min(this.headBytes - this.headLength, rest.length);
      this.head.push(rest.subarray(0, take));
      this.headLength += take;
      rest = rest.subarray(take);
    }
    if (!rest.length || this.tailBytes === 0) return;
    this.tail.push(rest);
    this.tailLength += rest.length;
    // Trim whole chunks first, then the front of the oldest one, so the tail stays bounded.
    while (this.tailLength - this.tail[0]!.length >= this.tailBytes) this.tailLength -= this.tail.shift()!.length;
    if (this.tailLength > this.tailBytes) {
      const over = this.tailLength - this.tailBytes;
      this.tail[0] = this.tail[0]!.subarray(over);
      this.tailLength -= over;
    }
  }

  /** Bytes seen but not kept. */
  get dropped(): number {
    return this.total - this.headLength - this.tailLength;
  }

  /** The kept text; when bytes were dropped, a marker line between head and tail says how many. */
  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    if (this.dropped === 0) return head + tail;
    return `${head}\n[… ${this.dropped} bytes of output dropped …]\n${tail}`;
  }
}

/** Split a stream into lines across chunk boundaries; `flush` hands over a last unterminated line. */
export class LineSplitter {
  private partial = '';
  constructor(private readonly onLine: (line: string) => void) {}
  push(chunk: string): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    // A single absurdly long line must not grow without bound.
    if (this.partial.length > 1 << 20) {
      this.onLine(this.partial);
      this.partial = '';
    }
    for (const p of parts) this.onLine(p.endsWith('\r') ? p.slice(0, -1) : p);
  }
  flush(): void {
    if (this.partial) this.onLine(this.partial);
    this.partial = '';
  }
}
