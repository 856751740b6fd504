/**
 * The node's logger: pino underneath, one line per entry on stderr (stdout is kept for the
 * start-up banner and `sequin keys` output). Two formats:
 * - `json`: one JSON object per line (`{"level":"info","time":"…","msg":"…",…fields}`), for log
 *   collectors; the default when stderr is not a terminal;
 * - `pretty`: `[HH:MM:ss.l] INFO: message {fields}` on one line, via pino-pretty's formatter,
 *   coloured on a terminal; the default on one.
 * Callers keep the small {@link Logger} interface (message first, then fields), whatever is below.
 */
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';

/** Log levels from quietest to loudest. */
export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type Level = (typeof LOG_LEVELS)[number];

/** A leveled logger. `fields` are structured context (an `error` or `err` field is serialized with its stack). */
export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** `json` or `pretty`; `auto` (the default) is pretty when stderr is a terminal, else json. */
  format?: 'auto' | 'json' | 'pretty';
  /** Receives each finished line without its newline. Default: written to stderr. */
  write?: (line: string) => void;
}

/** Creates a logger that drops entries above `level` (`silent` drops all). */
export function createLogger(level: Level, options: LoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const format = options.format === 'json' || options.format === 'pretty' ? options.format : process.stderr.isTTY ? 'pretty' : 'json';
  const prettify =
    format === 'pretty'
      ? prettyFactory({
          colorize: options.write === undefined && process.stderr.isTTY,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          singleLine: true,
        })
      : undefined;
  const destination = {
    write(chunk: string) {
      const line = chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk;
      write(prettify ? prettify(line).trimEnd() : line);
    },
  };
  const base = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    },
    destination,
  );
  const at =
    (entryLevel: Exclude<Level, 'silent'>) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (fields === undefined) base[entryLevel](message);
      else base[entryLevel](fields, message);
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}
