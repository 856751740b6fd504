import { InvalidTracerConfigError } from '../../errors/InvalidTracerConfigError.js';
import { TracerNotFoundError } from '../../errors/TracerNotFoundError.js';
import { CallTracer } from './CallTracer.js';
import type { ExecutionTracer } from './ExecutionTracer.js';
import { PrestateTracer } from './PrestateTracer.js';
import { StructLogger } from './StructLogger.js';
import type { TraceConfig } from './TraceConfig.js';

/**
 * A fresh tracer for one transaction, as `config` asks: the struct logger when no tracer is
 * named, else callTracer or prestateTracer with their `tracerConfig`. Throws a
 * TracerNotFoundError for any other name (geth would try to run it as JavaScript; Sequin has no
 * JS tracers, and geth-family nodes without them answer "tracer not found"), and an
 * InvalidTracerConfigError for a tracerConfig geth would refuse.
 */
export function createTracer(config: TraceConfig): ExecutionTracer {
  const options = config.tracerConfig;
  const name = config.tracer ?? '';
  switch (name) {
    case '':
      return new StructLogger(config.logger);
    case 'callTracer':
      return new CallTracer({ onlyTopCall: flag(options, 'onlyTopCall', 'callTracerConfig'), withLog: flag(options, 'withLog', 'callTracerConfig') });
    case 'prestateTracer': {
      const prestate = {
        diffMode: flag(options, 'diffMode', 'PrestateTracerConfig'),
        disableCode: flag(options, 'disableCode', 'PrestateTracerConfig'),
        disableStorage: flag(options, 'disableStorage', 'PrestateTracerConfig'),
        includeEmpty: flag(options, 'includeEmpty', 'PrestateTracerConfig'),
      };
      if (prestate.diffMode && prestate.includeEmpty) throw new InvalidTracerConfigError({ kind: 'diffModeWithIncludeEmpty' });
      return new PrestateTracer(prestate);
    }
    default:
      throw new TracerNotFoundError(name);
  }
}

/** A boolean field of a tracer config (absent or null = false); another JSON type is refused, as geth's decoding does. */
function flag(options: Record<string, unknown>, name: string, goType: string): boolean {
  const value = options[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new InvalidTracerConfigError({ kind: 'notBoolean', goType, field: name, jsonType: jsonKind(value) });
  return value;
}

function jsonKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'array';
  return 'object';
}
