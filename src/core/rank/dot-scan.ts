/**
 * Dot products of one query vector with every row of a matrix, four lanes at a time: a
 * WebAssembly SIMD kernel (f32x4) over a copy of the matrix in its own memory. It is the first
 * pass of every question in words' nearest-item search (item-vectors.ts `nearestRows`), which
 * scans tens of thousands of rows: in JavaScript that scan was ~0.4 ms of a ~5 ms search.
 * Where WebAssembly SIMD is missing, the same products are taken in JavaScript.
 *
 * The kernel is small enough to write as bytes (below, one instruction a line) rather than
 * ship a compiled module and the toolchain that builds it.
 */

/** Products of `q` with each of the `n` rows (`out[r]`); `q.length` is the rows' width. */
export interface DotScan {
  readonly n: number;
  readonly width: number;
  /** True when the WebAssembly kernel computes them. */
  readonly simd: boolean;
  scores(q: Float32Array): Float32Array | Float64Array;
}

/** A scan over `rows` (n × width, row-major). The kernel when the runtime has it and width is a multiple of 8. */
export function dotScan(rows: Float32Array, n: number, width: number): DotScan {
  const kernel = width > 0 && width % 8 === 0 ? simdModule() : null;
  return kernel ? new SimdScan(kernel, rows, n, width) : new PlainScan(rows, n, width);
}

class PlainScan implements DotScan {
  readonly simd = false;
  private readonly out: Float64Array;

  private readonly rows: Float32Array;

  constructor(rows: Float32Array, readonly n: number, readonly width: number) {
    this.rows = rows.slice(0, n * width); // its own copy, as the kernel's
    this.out = new Float64Array(n);
  }

  scores(q: Float32Array): Float64Array {
    const { rows, n, width, out } = this;
    for (let r = 0, o = 0; r < n; r++, o += width) {
      let s = 0;
      for (let d = 0; d < width; d++) s += q[d]! * rows[o + d]!;
      out[r] = s;
    }
    return out;
  }
}

class SimdScan implements DotScan {
  readonly simd = true;
  private readonly run: (rows: number, n: number, q: number, out: number, widthBytes: number) => void;
  private readonly q: Float32Array;
  private readonly out: Float32Array;
  private readonly qAt: number;
  private readonly outAt: number;

  constructor(module: WebAssembly.Module, rows: Float32Array, readonly n: number, readonly width: number) {
    // Layout: the rows at 0, the query after them, the products last (each 16-byte aligned).
    const rowBytes = n * width * 4;
    this.qAt = rowBytes;
    this.outAt = rowBytes + align16(width * 4);
    const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil((this.outAt + n * 4) / 65536)) });
    const instance = new WebAssembly.Instance(module, { env: { memory } });
    this.run = instance.exports.scores as SimdScan['run'];
    new Float32Array(memory.buffer, 0, n * width).set(rows.subarray(0, n * width));
    this.q = new Float32Array(memory.buffer, this.qAt, width);
    this.out = new Float32Array(memory.buffer, this.outAt, n);
  }

  scores(q: Float32Array): Float32Array {
    this.q.set(q.subarray(0, this.width));
    if (this.n > 0) this.run(0, this.n, this.qAt, this.outAt, this.width * 4);
    return this.out;
  }
}

const align16 = (x: number): number => (x + 15) & ~15;

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where the runtime lacks WebAssembly SIMD (compiled once). */
function simdModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = kernelBytes();
    compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    compiled = null;
  }
  return compiled;
}

// Opcodes used below (core and SIMD, the 0xfd prefix then a LEB128 number).
const I32 = 0x7f;
const V128 = 0x7b;
const BLOCK = 0x02;
const LOOP = 0x03;
const VOID = 0x40;
const END = 0x0b;
const BR_IF = 0x0d;
const GET = 0x20;
const SET = 0x21;
const TEE = 0x22;
const I32_CONST = 0x41;
const I32_EQZ = 0x45;
const I32_LT_U = 0x49;
const I32_ADD = 0x6a;
const I32_SUB = 0x6b;
const F32_ADD = 0x92;
const F32_STORE = 0x38;
const SIMD = 0xfd;
const V128_LOAD = [SIMD, 0x00];
const V128_CONST = [SIMD, 0x0c];
const F32X4_EXTRACT = [SIMD, 0x1f];
const F32X4_ADD = [SIMD, 0xe4, 0x01];
const F32X4_MUL = [SIMD, 0xe6, 0x01];
/** memarg: alignment 2^2 (the data are 4-byte floats, 16-byte aligned in practice), offset 0. */
const MEM = [0x02, 0x00];
/** The same, 16 bytes further. */
const MEM_16 = [0x02, 0x10];

// Parameters and locals of `scores(rows, n, q, out, widthBytes)`.
const ROWS = 0;
const N = 1;
const Q = 2;
const OUT = 3;
const WIDTH = 4;
const D = 5;
const ACC = 6;
const ACC2 = 7;

/** `acc += row[d..d+4] × q[d..d+4]`, the four floats at `memarg`'s offset from the row's and the query's position. */
function multiplyAdd(acc: number, memarg: number[]): number[] {
  return [
    GET, acc,
    GET, ROWS, ...V128_LOAD, ...memarg,
    GET, Q, GET, D, I32_ADD, ...V128_LOAD, ...memarg,
    ...F32X4_MUL,
    ...F32X4_ADD,
    SET, acc,
  ];
}

/** The module: imports env.memory, exports `scores`. */
function kernelBytes(): Uint8Array<ArrayBuffer> {
  const body = [
    // locals: one i32 (d), two v128 (acc, acc2)
    0x02, 0x01, I32, 0x02, V128,
    BLOCK, VOID,
    GET, N, I32_EQZ, BR_IF, 0, // no rows: done
    LOOP, VOID, // each row
    ...V128_CONST, ...new Array<number>(16).fill(0), TEE, ACC, SET, ACC2,
    I32_CONST, 0, SET, D,
    LOOP, VOID, // each eight columns, in two sums that do not wait for each other
    ...multiplyAdd(ACC, MEM),
    ...multiplyAdd(ACC2, MEM_16),
    GET, ROWS, I32_CONST, 32, I32_ADD, SET, ROWS,
    GET, D, I32_CONST, 32, I32_ADD, TEE, D,
    GET, WIDTH, I32_LT_U, BR_IF, 0,
    END,
    // out[r] = the eight lanes' sum
    GET, ACC, GET, ACC2, ...F32X4_ADD, SET, ACC,
    GET, OUT,
    GET, ACC, ...F32X4_EXTRACT, 0,
    GET, ACC, ...F32X4_EXTRACT, 1, F32_ADD,
    GET, ACC, ...F32X4_EXTRACT, 2, F32_ADD,
    GET, ACC, ...F32X4_EXTRACT, 3, F32_ADD,
    F32_STORE, ...MEM,
    GET, OUT, I32_CONST, 4, I32_ADD, SET, OUT,
    GET, N, I32_CONST, 1, I32_SUB, TEE, N,
    BR_IF, 0,
    END,
    END,
    END,
  ];
  const section = (id: number, content: number[]) => [id, ...leb(content.length), ...content];
  const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]), // type: (i32 × 5) → ()
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0x01]), // import memory, min 1 page
    ...section(3, [1, 0]), // one function of type 0
    ...section(7, [1, ...name('scores'), 0x00, 0]), // export it
    ...section(10, [1, ...leb(body.length), ...body]), // its code
  ]);
}

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
