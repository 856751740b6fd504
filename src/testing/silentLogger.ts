/** The logger of in-process test nodes: tests read what the node does, not its log lines. */
import { createLogger, type Logger } from '../primitives/logger.js';

/** A node logger that drops everything. */
export const silentLogger: Logger = createLogger('silent', { format: 'json', write: () => {} });
