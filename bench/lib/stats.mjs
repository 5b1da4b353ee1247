// Small statistics helpers shared by the benchmarks.
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export const ms = (x) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

/** One line: "<label>: median X (p95 Y) over N runs". */
export function summary(label, xs) {
  return `${label}: median ${ms(median(xs))} (p95 ${ms(percentile(xs, 95))}, n=${xs.length})`;
}

/** "ratio: A / B = r×" with the direction spelled out. */
export function ratio(label, a, b) {
  return `${label}: ${(a / b).toFixed(2)}×`;
}
