/**
 * Turns per-peer results into the markdown comparison table and writes it into
 * docs/benchmarks.md between markers, leaving any hand-written text around them intact.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MetricResult, MetricSpec } from './workloads/types.js';

export type Results = Map<string, MetricResult>;

export const DOC_PATH = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

function cell(spec: MetricSpec, result: MetricResult | undefined): string {
  if (!result) return 'not run';
  if ('error' in result) return `error: ${result.error.replaceAll('|', '/')}`;
  let text = result.value.toLocaleString('en-US', {
    minimumFractionDigits: spec.digits ?? 1,
    maximumFractionDigits: spec.digits ?? 1,
  });
  if (spec.target !== undefined) text += meetsTarget(spec, result.value) ? ' ✓' : ' ✗';
  return result.note ? `${text} (${result.note.replaceAll('|', '/')})` : text;
}

function meetsTarget(spec: MetricSpec, value: number): boolean {
  return spec.better === 'lower' ? value <= spec.target! : value >= spec.target!;
}

/** Row label, with the design target when the metric has one. */
function label(spec: MetricSpec): string {
  const target = spec.target === undefined ? '' : `, target ${spec.better === 'lower' ? '≤' : '≥'} ${spec.target.toLocaleString('en-US')}`;
  return `${spec.label}${target}`;
}

/** A peer's results under its column name (e.g. "Hardhat 3"). */
export interface PeerColumn {
  name: string;
  results: Results | undefined;
}

/** Sequin ÷ peer for "higher is better", peer ÷ Sequin otherwise: > 1 always favours Sequin. */
function ratio(spec: MetricSpec, sequin: MetricResult | undefined, peer: MetricResult | undefined): string {
  if (spec.sequinOnly || !sequin || !peer || 'error' in sequin || 'error' in peer) return '—';
  const r = spec.better === 'higher' ? sequin.value / peer.value : peer.value / sequin.value;
  return Number.isFinite(r) ? `${r.toFixed(2)}×` : '—';
}

/** One row per metric: Sequin's cell, each peer's cell, then Sequin against each peer. */
export function markdownTable(specs: readonly MetricSpec[], sequin: Results | undefined, peers: readonly PeerColumn[]): string {
  const row = (s: MetricSpec): string => {
    const peerCells = peers.map((peer) => (s.sequinOnly ? 'n/a' : cell(s, peer.results?.get(s.id))));
    const ratios = peers.map((peer) => ratio(s, sequin?.get(s.id), peer.results?.get(s.id)));
    return `| ${label(s)} ${s.better === 'higher' ? '↑' : '↓'} | ${[cell(s, sequin?.get(s.id)), ...peerCells, ...ratios].join(' | ')} |`;
  };
  const lines = [
    `| Metric | Sequin | ${peers.map((peer) => peer.name).join(' | ')} | ${peers.map((peer) => `Sequin vs ${peer.name}`).join(' | ')} |`,
    `| --- | ${Array(1 + 2 * peers.length)
      .fill('---:')
      .join(' | ')} |`,
    ...specs.map(row),
  ];
  return lines.join('\n');
}

export const RATIO_LEGEND =
  '↑ higher is better, ↓ lower is better. "Sequin vs X" is Sequin ÷ X for ↑ rows and X ÷ Sequin for ↓ ' +
  'rows, so a value above 1× always means Sequin did better. Rows with "n/a" for Hardhat and Anvil are ' +
  'design targets of Sequin alone (measured in-process, or on a block shape automine never produces), not ' +
  'peer comparisons; ✓ / ✗ says whether the stated target is met.';

/** Replaces the results section of docs/benchmarks.md (creating the file if needed). */
export function writeResultsSection(section: string): void {
  const block = `${START}\n${section.trim()}\n${END}`;
  let doc: string;
  if (existsSync(DOC_PATH)) {
    const old = readFileSync(DOC_PATH, 'utf8');
    const from = old.indexOf(START);
    const to = old.indexOf(END);
    doc = from >= 0 && to > from ? old.slice(0, from) + block + old.slice(to + END.length) : `${old.trimEnd()}\n\n${block}\n`;
  } else {
    doc = [
      '# Benchmarks',
      '',
      'Sequin against Hardhat 3 (`hardhat node`) and Anvil, both automining, on identical JSON-RPC workloads,',
      'each node alone on the machine. Regenerate with `npm run bench` (full run) — `bench/README.md`',
      'describes the workloads and how the peers are installed and started. The section below is rewritten',
      'by each full run.',
      '',
      block,
      '',
    ].join('\n');
  }
  mkdirSync(path.dirname(DOC_PATH), { recursive: true });
  writeFileSync(DOC_PATH, doc);
}
