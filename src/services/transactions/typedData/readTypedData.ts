/**
 * The EIP-712 document eth_signTypedData_v4 takes, read from its parameter: a JSON object, or the
 * same object as a JSON string (what viem and ethers send). The types are checked as geth's
 * signer/core/apitypes `Types.validate` checks them, with its words; the values are checked while
 * they are encoded (hashTypedData.ts).
 */
import { type JsonWithBigInts, parseJsonWithBigInts } from '../../../primitives/parseJsonWithBigInts.js';
import { TypedDataError } from './TypedDataError.js';

/** One member of a struct type: its name and its type (`uint256`, `Person`, `bytes32[]`, …). */
export interface TypedDataField {
  name: string;
  type: string;
}

/** An EIP-712 document. Values are JSON values (integers may be bigints when read from a JSON string). */
export interface TypedData {
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
}

/** The element type names EIP-712 (and geth) allow besides struct names. */
const PRIMITIVE_TYPE =
  /^(address|bool|string|bytes([1-9]|[12][0-9]|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?)$/;
/** A reference to a struct type, possibly as (nested) arrays. */
const REFERENCE_TYPE = /^[A-Za-z]\w*(\[\d*\])*$/;

/** Reads and checks the typed data parameter; throws {@link TypedDataError} with what is wrong. */
export function readTypedData(value: unknown): TypedData {
  const document = typeof value === 'string' ? parseJson(value) : value;
  if (!isObject(document)) throw new TypedDataError('typed data must be a JSON object (or a string holding one)');
  const types = readTypes(document.types);
  if (typeof document.primaryType !== 'string' || document.primaryType === '') throw new TypedDataError('primaryType must be a non-empty string');
  if (document.primaryType !== 'EIP712Domain' && types[document.primaryType] === undefined) {
    throw new TypedDataError(`primary type "${document.primaryType}" is undefined`);
  }
  return {
    types,
    primaryType: document.primaryType,
    domain: optionalObject(document.domain, 'domain'),
    message: optionalObject(document.message, 'message'),
  };
}

function parseJson(text: string): JsonWithBigInts {
  try {
    return parseJsonWithBigInts(text);
  } catch (error) {
    throw new TypedDataError(`typed data is not valid JSON: ${(error as Error).message}`);
  }
}

function readTypes(value: unknown): Record<string, TypedDataField[]> {
  if (!isObject(value)) throw new TypedDataError('types must be an object of struct types');
  const types: Record<string, TypedDataField[]> = {};
  for (const [name, fields] of Object.entries(value)) {
    if (name === '') throw new TypedDataError('empty type key');
    if (!Array.isArray(fields)) throw new TypedDataError(`type "${name}" must be an array of {name, type}`);
    types[name] = fields.map((field: unknown, index) => {
      const { name: fieldName, type } = isObject(field) ? field : {};
      if (typeof type !== 'string' || type === '') throw new TypedDataError(`type "${name}":${index}: empty Type`);
      if (typeof fieldName !== 'string' || fieldName === '') throw new TypedDataError(`type "${name}":${index}: empty Name`);
      return { name: fieldName, type };
    });
  }
  for (const [name, fields] of Object.entries(types)) {
    for (const { type } of fields) {
      if (type === name) throw new TypedDataError(`type "${type}" cannot reference itself`);
      const element = type.split('[')[0]!;
      if (PRIMITIVE_TYPE.test(element) && /^[^[]*(\[\d*\])*$/.test(type)) continue;
      if (types[element] === undefined) throw new TypedDataError(`reference type "${type}" is undefined`);
      if (!REFERENCE_TYPE.test(type)) throw new TypedDataError(`unknown reference type "${type}"`);
    }
  }
  return types;
}

function optionalObject(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new TypedDataError(`${field} must be an object`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
