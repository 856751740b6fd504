/** Nanoseconds per unit of a Go duration string (time.ParseDuration). */
const UNIT_NANOSECONDS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/**
 * Parses a Go duration ("5s", "300ms", "1m30s", "1.5h") into milliseconds, as geth parses a
 * trace config's `timeout`. Throws Go's error wording: `time: invalid duration "abc"`,
 * `time: missing unit in duration "5"`, `time: unknown unit "d" in duration "1d"`.
 */
export function parseGoDuration(text: string): number {
  const quoted = JSON.stringify(text);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest[0] === '-') sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new Error(`time: invalid duration ${quoted}`);
  let nanoseconds = 0;
  while (rest !== '') {
    const number = /^(\d*)(\.\d*)?/.exec(rest)!;
    const whole = number[1] ?? '';
    const fraction = number[2] ?? '';
    if (whole === '' && fraction.length <= 1) throw new Error(`time: invalid duration ${quoted}`);
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(rest)![0];
    if (unit === '') throw new Error(`time: missing unit in duration ${quoted}`);
    const scale = UNIT_NANOSECONDS[unit];
    if (scale === undefined) throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`);
    rest = rest.slice(unit.length);
    nanoseconds += Number(`${whole || '0'}${fraction}`) * scale;
  }
  return (sign * nanoseconds) / 1e6;
}
