import type { JsonSchema } from '../schemas/jsonSchema.js';

/**
 * A JSON Schema in a few words, for the methods page: its title when it has one (the shared
 * building blocks do: `quantity`, `address`, `block`, …), otherwise its shape — alternatives joined
 * by "or", `array of …`, an object's property names, an enum's values. `any` for the empty schema.
 */
export function describeSchema(schema: JsonSchema): string {
  if (typeof schema.title === 'string') return schema.title;
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonSchema[]).map(describeSchema).join(' or ');
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' or ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.type === 'array') return schema.items === undefined ? 'array' : `array of ${describeSchema(schema.items as JsonSchema)}`;
  if (schema.type === 'object' && typeof schema.properties === 'object' && schema.properties !== null) {
    return `object { ${Object.keys(schema.properties).join(', ')} }`;
  }
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
    return `object of ${describeSchema(schema.additionalProperties as JsonSchema)}`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (typeof schema.type === 'string') return schema.type;
  if (typeof schema.description === 'string') return schema.description;
  return 'any';
}
