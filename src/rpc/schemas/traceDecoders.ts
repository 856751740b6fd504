import { parseGoDuration } from '../../execution/tracing/parseGoDuration.js';
import { defaultTraceConfig, MAX_TRACE_TIMEOUT_MS, type TraceCallConfig, type TraceConfig } from '../../execution/tracing/TraceConfig.js';
import { parseQuantity } from '../../primitives/hex.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { goJsonKind } from './goJsonKind.js';
import { Schema, schemaOf, withSchema } from './jsonSchema.js';
import { callBlockOverrides, stateOverride } from './overrideDecoders.js';
import type { ParamDecoder } from './ParamDecoder.js';

// The configs of debug_traceTransaction, debug_traceBlock* and debug_traceCall.

/** JSON Schema of geth's TraceConfig, for rpc.discover. */
const TRACE_CONFIG_SCHEMA = {
  title: 'trace config',
  type: 'object',
  properties: {
    tracer: { type: 'string', enum: ['callTracer', 'prestateTracer'] },
    tracerConfig: { type: 'object' },
    timeout: { type: 'string', description: 'Go duration, e.g. "5s"' },
    enableMemory: { type: 'boolean' },
    disableStack: { type: 'boolean' },
    disableStorage: { type: 'boolean' },
    enableReturnData: { type: 'boolean' },
    limit: { type: 'integer', minimum: 0 },
  },
};

/**
 * A trace config (geth's TraceConfig): `tracer`, `tracerConfig`, `timeout` (a Go duration, 5 s by
 * default, clamped to MAX_TRACE_TIMEOUT_MS) and the struct logger's options. Absent or null means
 * geth's defaults; unknown fields are ignored, as Go's JSON decoding ignores them. A timeout Go
 * cannot parse fails as geth fails it: -32000 `time: invalid duration "…"`.
 */
export const traceConfig: ParamDecoder<TraceConfig> = withSchema((value) => decodeTraceConfig(value, 'TraceConfig'), TRACE_CONFIG_SCHEMA);

/** debug_traceCall's config: {@link traceConfig} plus `txIndex`, and geth's `stateOverrides` and `blockOverrides`. */
export const traceCallConfig: ParamDecoder<TraceCallConfig> = withSchema(
  (value) => {
    const config: TraceCallConfig = decodeTraceConfig(value, 'TraceCallConfig');
    if (value === undefined || value === null) return config;
    const object = value as Record<string, unknown>;
    if (object.txIndex !== undefined && object.txIndex !== null) config.txIndex = Number(parseQuantity(object.txIndex));
    const stateOverrides = stateOverride(object.stateOverrides);
    if (stateOverrides !== undefined) config.stateOverrides = stateOverrides;
    const blockOverrides = callBlockOverrides(object.blockOverrides);
    if (blockOverrides !== undefined) config.blockOverrides = blockOverrides;
    return config;
  },
  {
    ...TRACE_CONFIG_SCHEMA,
    title: 'trace call config',
    properties: {
      ...TRACE_CONFIG_SCHEMA.properties,
      txIndex: Schema.quantity,
      stateOverrides: schemaOf(stateOverride)!,
      blockOverrides: schemaOf(callBlockOverrides)!,
    },
  },
);

function decodeTraceConfig(value: unknown, goType: string): TraceConfig {
  const config = defaultTraceConfig();
  if (value === undefined || value === null) return config;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new TypeError(`json: cannot unmarshal ${goJsonKind(value)} into Go value of type tracers.${goType}`);
  const object = value as Record<string, unknown>;
  const field = <T>(name: string, type: 'string' | 'boolean' | 'number', goFieldType: string): T | undefined => {
    const raw = object[name];
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw !== type) throw new TypeError(`json: cannot unmarshal ${goJsonKind(raw)} into Go struct field ${goType}.${name} of type ${goFieldType}`);
    return raw as T;
  };
  const tracer = field<string>('tracer', 'string', 'string');
  if (tracer !== undefined && tracer !== '') config.tracer = tracer;
  const tracerOptions = object.tracerConfig;
  if (tracerOptions !== undefined && tracerOptions !== null) {
    if (typeof tracerOptions !== 'object' || Array.isArray(tracerOptions)) throw new TypeError('tracerConfig must be a JSON object');
    config.tracerConfig = tracerOptions as Record<string, unknown>;
  }
  const logger = config.logger;
  logger.enableMemory = field<boolean>('enableMemory', 'boolean', 'bool') ?? false;
  logger.disableStack = field<boolean>('disableStack', 'boolean', 'bool') ?? false;
  logger.disableStorage = field<boolean>('disableStorage', 'boolean', 'bool') ?? false;
  logger.enableReturnData = field<boolean>('enableReturnData', 'boolean', 'bool') ?? false;
  const limit = field<number>('limit', 'number', 'int') ?? 0;
  if (!Number.isInteger(limit)) throw new TypeError(`json: cannot unmarshal number ${limit} into Go struct field ${goType}.limit of type int`);
  logger.limit = Math.max(0, limit);
  const timeout = field<string>('timeout', 'string', 'string');
  if (timeout !== undefined) {
    let milliseconds: number;
    try {
      milliseconds = parseGoDuration(timeout);
    } catch (error) {
      throw new JsonRpcError(ErrorCodes.server, (error as Error).message);
    }
    config.timeoutMs = Math.min(Math.max(0, milliseconds), MAX_TRACE_TIMEOUT_MS);
  }
  return config;
}
