/** Log levels from quietest to loudest. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type Level = (typeof LOG_LEVELS)[number];

/** A leveled logger. `fields` are structured context printed after the message. */
export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

/**
 * A logger writing one line per entry to stderr (stdout is kept for the start-up banner), as
 * `time level message key=value…`, or as JSON lines when `json` is set.
 */
export function createLogger(level: Level, options: { json?: boolean; write?: (line: string) => void } = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log = (entryLevel: Exclude<Level, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    if (LOG_LEVELS.indexOf(entryLevel) > threshold) return;
    const time = new Date().toISOString();
    if (options.json) {
      write(JSON.stringify({ time, level: entryLevel, msg: message, ...fields }, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)));
      return;
    }
    const rendered = fields ? Object.entries(fields).map(([key, value]) => ` ${key}=${formatValue(value)}`).join('') : '';
    write(`${time} ${entryLevel.toUpperCase().padEnd(5)} ${message}${rendered}`);
  };
  return { error: log('error'), warn: log('warn'), info: log('info'), debug: log('debug') };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = createLogger('silent');

function formatValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.message);
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}
