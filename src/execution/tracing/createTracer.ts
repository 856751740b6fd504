import { ServerError } from '../../errors/RpcError.js';
import { CallTracer } from './CallTracer.js';
import type { ExecutionTracer } from './ExecutionTracer.js';
import { PrestateTracer } from './PrestateTracer.js';
import { StructLogger } from './StructLogger.js';
import type { TraceConfig } from './TraceConfig.js';

/**
 * A fresh tracer for one transaction, as `config` asks: the struct logger when no tracer is
 * named, else callTracer or prestateTracer with their `tracerConfig`. Throws -32000 "tracer not
 * found" for any other name (geth would try to run it as JavaScript; Sequin has no JS tracers,
 * and geth-family nodes without them answer this), and geth's JSON decoding error for a
 * tracerConfig field of the wrong type.
 */
export function createTracer(config: TraceConfig): ExecutionTracer {
  const options = config.tracerConfig;
  switch (config.tracer ?? '') {
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
      if (prestate.diffMode && prestate.includeEmpty) throw new ServerError('cannot use diffMode with includeEmpty');
      return new PrestateTracer(prestate);
    }
    default:
      throw new ServerError('tracer not found');
  }
}

/** A boolean field of a tracer config (absent or null = false), or geth's unmarshalling error. */
function flag(options: Record<string, unknown>, name: string, goType: string): boolean {
  const value = options[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new ServerError(`json: cannot unmarshal ${jsonKind(value)} into Go struct field ${goType}.${name} of type bool`);
  return value;
}

function jsonKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'array';
  return 'object';
}
