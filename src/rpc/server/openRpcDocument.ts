import { type JsonSchema, schemaOf } from '../schemas/jsonSchema.js';
import type { AccessTier } from './AccessTier.js';
import type { MethodDefinition } from './MethodDefinition.js';

/** An OpenRPC content descriptor: a named, schema-typed parameter or result. */
export interface ContentDescriptor {
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

/** One method of an {@link OpenRpcDocument}. `x-access-tier` is Sequin's extension: who may call it. */
export interface OpenRpcMethod {
  name: string;
  summary: string;
  paramStructure: 'by-position';
  params: ContentDescriptor[];
  result: ContentDescriptor;
  'x-access-tier': AccessTier;
}

/** The OpenRPC 1.2.6 document rpc.discover returns. */
export interface OpenRpcDocument {
  openrpc: '1.2.6';
  info: { title: string; version: string };
  methods: OpenRpcMethod[];
}

/** The schema of a parameter whose decoder has none: any JSON value. */
const ANY: JsonSchema = {};

/**
 * Builds the OpenRPC document of `methods`, in their order: name, summary and tier from each
 * definition, each parameter's schema from its decoder ({@link schemaOf}), the result from the
 * definition's `result`. A decoder without a schema is described
 * as "any" here; a unit test keeps every registered method's decoders described.
 */
export function openRpcDocument(methods: readonly MethodDefinition[], version: string): OpenRpcDocument {
  return {
    openrpc: '1.2.6',
    info: { title: 'Sequin JSON-RPC', version },
    methods: methods.map((method) => ({
      name: method.name,
      summary: method.summary,
      paramStructure: 'by-position',
      params: method.params.map((param) => ({ name: param.name, required: !param.optional, schema: schemaOf(param.decode) ?? ANY })),
      result: method.result,
      'x-access-tier': method.tier,
    })),
  };
}
