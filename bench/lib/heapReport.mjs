// Preloaded into the node under test by bench/rss-anatomy.ts (`--import`, which worker threads
// inherit): every 2 s each thread writes its V8 heap figures to <dir>/<pid>-<threadId>.json, so the
// bench can read them without a debug endpoint in the node. Plain JavaScript: the node runs no tsx.
import { renameSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { threadId } from 'node:worker_threads';

const dir = process.env.SEQUIN_HEAP_REPORT_DIR;
const MiB = 1024 * 1024;
const round = (bytes) => Math.round((bytes / MiB) * 10) / 10;

function write() {
  const heap = v8.getHeapStatistics();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, round(space.physical_space_size)]));
  const report = { threadId, physical: round(heap.total_physical_size), used: round(heap.used_heap_size), limit: round(heap.heap_size_limit), external: round(heap.external_memory), spaces };
  // Written aside and renamed, so the bench never reads a half-written file.
  const file = `${dir}/${process.pid}-${threadId}.json`;
  writeFileSync(`${file}.tmp`, JSON.stringify(report));
  renameSync(`${file}.tmp`, file);
}
if (dir) setInterval(write, 2000).unref();
