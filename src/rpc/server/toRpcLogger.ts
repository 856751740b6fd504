import type { Logger } from '../../primitives/logger.js';
import type { RpcLogger } from './RpcLogger.js';

/** Adapts the node's logger (message, fields) to the RPC layer's pino-style (fields, message). */
export function toRpcLogger(logger: Logger): RpcLogger {
  return {
    debug: (fields, message) => logger.debug(message, fields as Record<string, unknown>),
    info: (fields, message) => logger.info(message, fields as Record<string, unknown>),
    warn: (fields, message) => logger.warn(message, fields as Record<string, unknown>),
    error: (fields, message) => logger.error(message, fields as Record<string, unknown>),
  };
}
