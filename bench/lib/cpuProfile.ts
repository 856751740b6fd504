/**
 * V8 .cpuprofile files (node --cpu-prof) summarised over a time window: self and inclusive time per
 * function and time per place (npm package, Sequin source folder), for bench/profile.ts and
 * bench/sendCpu.ts.
 */
import path from 'node:path';

/** One node of a .cpuprofile (V8's format). */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives: an npm package, a Sequin source folder, or V8/Node internals. */
export function placeOf(url: string): string {
  if (url === '') return '(native / VM)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  if (url.startsWith('node:')) return 'node:internals';
  const source = /\/(src|dist)\/([^/]+)/.exec(url);
  if (source) return `sequin ${source[2]}`;
  return path.basename(url);
}

export function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`.trim();
}

/** Sampled time (µs) per frame (self and inclusive) and per place, and the busy (non-idle) total. */
export interface Summary {
  self: Map<string, number>;
  inclusive: Map<string, number>;
  places: Map<string, number>;
  busy: number;
}

export const emptySummary = (): Summary => ({ self: new Map(), inclusive: new Map(), places: new Map(), busy: 0 });
const add = (map: Map<string, number>, key: string, micros: number) => map.set(key, (map.get(key) ?? 0) + micros);

/**
 * Adds the samples of `profile` taken between `from` and `to` (µs of CLOCK_MONOTONIC, V8's
 * TimeTicks as Node's hrtime reads it) to `into`. A frame's inclusive time counts each sample once
 * even when the frame recurses.
 */
export function summariseWindow(profile: CpuProfile, from: number, to: number, into: Summary): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  let at = profile.startTime;
  for (const [index, id] of profile.samples.entries()) {
    const micros = profile.timeDeltas[index] ?? 0;
    at += micros;
    if (at < from || at > to) continue;
    const node = byId.get(id)!;
    const frame = frameName(node);
    if (frame === '(idle)') continue;
    into.busy += micros;
    add(into.self, frame, micros);
    add(into.places, placeOf(node.callFrame.url), micros);
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const name = frameName(byId.get(up)!);
      if (seen.has(name)) continue;
      seen.add(name);
      add(into.inclusive, name, micros);
    }
  }
}

/** The top entries of `map` as µs per request: each entry's share of the busy samples × the thread's CPU per request. */
export function top(map: Map<string, number>, count: number, busy: number, cpuMicros: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `  ${((cpuMicros * micros) / busy).toFixed(1).padStart(7)} µs ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
}
