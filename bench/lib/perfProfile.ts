/**
 * An on-CPU profile of a whole process with Linux `perf` (cpu-clock samples with call stacks), read
 * back per thread class and per request. Unlike V8's --cpu-prof, which samples wall time (a thread
 * the OS preempts is charged to whatever it was running, so syscalls that wake another thread look
 * expensive on a loaded machine), perf samples only a thread that is on a CPU, and it sees every
 * thread: V8's GC and compiler threads and the kernel's work for the process too. Node runs with
 * --perf-basic-prof and --interpreted-frames-native-stack so JavaScript frames have names, and the
 * bundles' `// <module path>` comments (esbuild's) tell which package a bundled function comes from.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { classOfThread, type ThreadClass } from './threadCpu.js';

/** What Sequin's node needs to run with for a readable perf profile. */
export const PERF_NODE_ARGS = ['--perf-basic-prof', '--interpreted-frames-native-stack'];

/** Samples per second and thread. */
const FREQUENCY = 4999;

/** True when `perf record` can run here. */
export function perfAvailable(): boolean {
  try {
    execFileSync('perf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Starts recording every thread of `pid` into `file`; the returned function stops it and waits for the file. */
export async function recordPerf(pid: number, file: string): Promise<() => Promise<void>> {
  const perf: ChildProcess = spawn('perf', ['record', '-e', 'cpu-clock', '-F', String(FREQUENCY), '-g', '-p', String(pid), '-o', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  perf.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => perf.once('exit', () => resolve()));
  // perf has attached once it has opened its output file.
  for (let waited = 0; !existsSync(file) && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!existsSync(file)) throw new Error(`perf record did not start: ${errors}`);
  return async () => {
    perf.kill('SIGINT');
    await exited;
  };
}

/** One stack frame of a sample: its symbol and the object it is in. */
interface Frame {
  symbol: string;
  dso: string;
}

/** Sampled µs by key. */
type Tally = Map<string, number>;

/** Where one thread class's samples went. */
export interface ClassProfile {
  /** All its samples, µs. */
  total: number;
  /** By what the time was spent on: a JavaScript package or Sequin folder (with the builtins and kernel work it called), GC, compiling, Node's native code. */
  buckets: Tally;
  /** By the function on top of the stack. */
  self: Tally;
  /** By JavaScript function anywhere on the stack (each sample counted once per function). */
  inclusive: Tally;
}

const add = (tally: Tally, key: string, micros: number) => tally.set(key, (tally.get(key) ?? 0) + micros);

/** The module comments of an esbuild bundle: the line each bundled module starts at, in order. */
function bundleModules(file: string): Array<{ line: number; module: string }> {
  const modules: Array<{ line: number; module: string }> = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [index, text] of lines.entries()) {
    if (text.startsWith('// ') && /^\/\/ [^ ]+\.(c|m)?[jt]sx?$/.test(text)) modules.push({ line: index + 1, module: text.slice(3) });
  }
  return modules;
}

/** A module path as a place: an npm package, or `sequin <folder>` for Sequin's own source. */
function placeOfModule(module: string): string {
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (packageMatch) return packageMatch[1]!;
  const source = /(?:^|\/)src\/([^/]+)/.exec(module);
  if (source) return `sequin ${source[1]!.replace(/\.ts$/, '')}`;
  return module;
}

const GC_FRAME =
  /v8::internal::(Heap::|Scavenge|ScavengerCollector|MarkCompact|MinorMarkCompact|MinorMarkSweep|ConcurrentMarking|IncrementalMarking|Sweeper|MarkingVisitor|MarkingBarrier|GCTracer|ArrayBufferSweeper|MemoryReducer|PagedSpace|NewSpace|SemiSpace|LocalHeap::|Heap::CollectGarbage|MemoryAllocator|EvacuateVisitor|Evacuator|FullEvacuator|UpdatingItem|LocalAllocator)/;
const COMPILER_FRAME =
  /v8::internal::(compiler::|maglev::|baseline::|OptimizingCompileDispatcher|Compiler::|Parser|PreParser|interpreter::BytecodeGenerator|CodeGenerator|Isolate::.*Deserialize)/;

/**
 * Reads `file` (a perf record of process `pid`) and sorts its samples by thread class. A sample is
 * charged to GC or compiling when such a V8 frame is anywhere on its stack, else to the nearest
 * JavaScript function's package (builtins, V8's runtime and kernel work it called included), else
 * to Node's or libuv's native code by its outermost named function.
 */
export function readPerfProfile(file: string, pid: number): Record<ThreadClass, ClassProfile> {
  const text = execFileSync('perf', ['script', '-i', file, '-F', 'comm,tid,period,ip,sym,dso'], {
    maxBuffer: 1 << 30,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const profiles: Record<ThreadClass, ClassProfile> = {
    main: { total: 0, buckets: new Map(), self: new Map(), inclusive: new Map() },
    workers: { total: 0, buckets: new Map(), self: new Map(), inclusive: new Map() },
    other: { total: 0, buckets: new Map(), self: new Map(), inclusive: new Map() },
  };
  const bundles = new Map<string, Array<{ line: number; module: string }>>();
  const placeOfJs = (url: string, line: number): string => {
    if (url.startsWith('node:')) return 'node:internals';
    const path = url.replace(/^file:\/\//, '');
    if (!/\/dist\/bundle\//.test(path)) return placeOfModule(path);
    let modules = bundles.get(path);
    if (!modules) bundles.set(path, (modules = existsSync(path) ? bundleModules(path) : []));
    let found = path;
    for (const entry of modules) {
      if (entry.line > line) break;
      found = entry.module;
    }
    return placeOfModule(found);
  };
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const header = /^\s*(.+?)\s+(\d+)\s+(\d+)\s*(?:cpu-clock:?)?\s*$/.exec(lines[0]!);
    if (!header) continue;
    const [, comm, tid, period] = header;
    const micros = Number(period) / 1000;
    const frames: Frame[] = lines.slice(1).map((line) => {
      const match = /^\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$/.exec(line);
      return match ? { symbol: match[1]!.replace(/\+0x[0-9a-f]+$/, ''), dso: match[2]! } : { symbol: line.trim(), dso: '' };
    });
    const profile = profiles[classOfThread(pid, Number(tid), comm!)];
    profile.total += micros;
    if (frames.length === 0) continue;
    const leaf = frames[0]!;
    add(profile.self, leaf.dso.includes('kernel') ? `[kernel] ${leaf.symbol}` : leaf.symbol, micros);
    const seen = new Set<string>();
    let jsPlace: string | undefined;
    for (const frame of frames) {
      const js = /^JS:[~^+*]?(.*?) ((?:file:\/\/|node:|\/)[^ ]*?):(\d+):\d+$/.exec(frame.symbol);
      if (!js) continue;
      const place = placeOfJs(js[2]!, Number(js[3]));
      jsPlace ??= place;
      const name = `${js[1] || '(anonymous)'} [${place}]`;
      if (!seen.has(name)) {
        seen.add(name);
        add(profile.inclusive, name, micros);
      }
    }
    let bucket: string;
    if (frames.some((frame) => GC_FRAME.test(frame.symbol))) bucket = 'V8 garbage collection';
    else if (frames.some((frame) => COMPILER_FRAME.test(frame.symbol))) bucket = 'V8 compiling and parsing';
    else if (jsPlace) bucket = jsPlace;
    else {
      const named = [...frames]
        .reverse()
        .find((frame) => /^(node::|uv_|uv__|v8::|Builtins_|llhttp)/.test(frame.symbol) && !/^node::Start|PlatformWorkerThread|start_thread/.test(frame.symbol));
      bucket = `native: ${named ? named.symbol.replace(/\(.*$/, '') : leaf.dso.includes('kernel') ? 'kernel' : leaf.symbol}`;
    }
    add(profile.buckets, bucket, micros);
  }
  return profiles;
}
