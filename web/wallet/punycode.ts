/**
 * Punycode decoding (RFC 3492) of host labels, so the approval dialog can show what an
 * `xn--` host name would look like in an address bar next to its real, ASCII form.
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

/** Decodes every `xn--` label of a host name; other labels are kept. Throws on malformed input. */
export function decodeHostname(hostname: string): string {
  return hostname
    .split('.')
    .map((label) => (label.toLowerCase().startsWith('xn--') ? decodeLabel(label.slice(4)) : label))
    .join('.');
}

/** Decodes one label (without its `xn--` prefix). */
export function decodeLabel(input: string): string {
  const output: number[] = [];
  const delimiter = input.lastIndexOf('-');
  for (let index = 0; index < Math.max(delimiter, 0); index++) {
    const code = input.charCodeAt(index);
    if (code >= 0x80) throw new Error('punycode: non-basic code point before the delimiter');
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const previous = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) throw new Error('punycode: truncated input');
      const digit = digitOf(input.charCodeAt(index++));
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(i - previous, length, previous === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) throw new Error('punycode: code point out of range');
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 22; // 0-9 → 26..35
  if (code >= 65 && code <= 90) return code - 65; // A-Z
  if (code >= 97 && code <= 122) return code - 97; // a-z
  throw new Error('punycode: invalid digit');
}

function adapt(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / points);
  let k = 0;
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}
