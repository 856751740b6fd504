/**
 * Validators of each method's `result`, built from an OpenRPC document, for "speconly" tests: hive
 * validates their successful answers against the spec instead of comparing them with the recording.
 *
 * As hive does, every result schema is compiled as JSON Schema draft 2019-09, formats are annotations
 * only and unknown keywords are ignored. The vendored `openrpc.json` is already dereferenced; a schema
 * that still holds `$ref: "#/components/…"` is resolved against the document's `components`.
 */
import { Ajv2019, type ValidateFunction } from 'ajv/dist/2019.js';
import type { Json } from './compareResponses.js';

/** Checks a result; returns the problems as sentences (empty when valid). */
export type ResultValidator = (result: Json) => string[];

/** The parts of an OpenRPC document this module reads. */
export interface OpenRpcDocument {
  methods: Array<{ name: string; result?: { schema?: object } }>;
  components?: object;
}

/**
 * One validator per method that declares a result schema. Each schema is compiled on first use
 * (compiling all 86 of the spec takes ~3 s); a schema that does not compile throws then.
 */
export function createResultValidators(document: OpenRpcDocument): Map<string, ResultValidator> {
  const ajv = new Ajv2019({ strict: false, validateFormats: false, allErrors: true });
  const validators = new Map<string, ResultValidator>();
  for (const method of document.methods) {
    const schema = method.result?.schema;
    if (schema === undefined) continue;
    let validate: ValidateFunction | undefined;
    validators.set(method.name, (result) => {
      validate ??= compile(ajv, method.name, schema, document.components);
      if (validate(result)) return [];
      return (validate.errors ?? []).map((problem) => `${problem.instancePath || '(result)'} ${problem.message ?? 'is invalid'}`);
    });
  }
  return validators;
}

function compile(ajv: Ajv2019, method: string, schema: object, components: object | undefined): ValidateFunction {
  // `#/components/...` inside the schema points at this root, so the components travel along.
  const root = { ...schema, $schema: 'https://json-schema.org/draft/2019-09/schema', components };
  try {
    return ajv.compile(root);
  } catch (error) {
    throw new Error(`result schema of ${method} does not compile: ${(error as Error).message}`);
  }
}
