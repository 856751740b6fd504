/** Go's name for the kind of a JSON value, as geth's "json: cannot unmarshal <kind> into …" messages print it. */
export function goJsonKind(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  return 'object';
}
