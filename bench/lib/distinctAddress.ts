/** Address number `index` of a run (a fixed prefix, then the index): a new address for every call, none of them a precompile. */
export function distinctAddress(index: number): `0x${string}` {
  return `0x5e9c${index.toString(16).padStart(36, '0')}`;
}
