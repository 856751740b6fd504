/** Every value of an answer, and how a tampering RPC changes one: what the verifier tests alter, path by path. */

export type Path = Array<string | number>;

/** Every leaf value's path in `value`. */
export function leafPaths(value: unknown, path: Path = []): Path[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, Array.isArray(value) ? Number(key) : key]));
  }
  return [path];
}

/** Changes the leaf at `path` to another value of the same kind. */
export function alter(root: Record<string, unknown>, path: Path): void {
  let parent: Record<string | number, unknown> = root;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const key = path.at(-1)!;
  const value = parent[key];
  if (typeof value === 'boolean') parent[key] = !value;
  else if (value === null) parent[key] = '0x01';
  else if (typeof value === 'string' && /^0x[0-9a-f]*$/.test(value)) {
    if (value === '0x') parent[key] = '0x00';
    else {
      const last = value.at(-1)!;
      parent[key] = `${value.slice(0, -1)}${last === '1' ? '2' : '1'}`;
    }
  } else parent[key] = `${String(value)}x`;
}
