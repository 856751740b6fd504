/**
 * The structured logger the RPC layer writes to: pino's call shape, `(fields, message)`.
 * Any pino-like logger fits; {@link silentLogger} is the default.
 */
export interface RpcLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A logger that drops everything: the default when none is given. */
export const silentLogger: RpcLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
