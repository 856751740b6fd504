import type { EVM } from '@ethereumjs/evm';
import { interpreterPrototypeOf } from './interpreterPrototype.js';
import { opcodeTableOf } from './opcodeTable.js';

/** What @ethereumjs/evm's interpreter computes for a code before its first jump. */
type JumpAnalysis = unknown;

/** The analyses made so far, per opcode table (one per set of fork rules) and per code object. */
const analyses = new WeakMap<object, WeakMap<Uint8Array, JumpAnalysis>>();
const patched = new WeakSet<object>();

/**
 * Makes @ethereumjs/evm analyse each contract code once instead of on every call frame. Before the
 * first JUMP of a frame, its interpreter scans the whole code (valid jump destinations, an
 * opcode-table entry per byte, every PUSH value as a BigInt): for a token contract that is ~10 KB
 * of fresh arrays and thousands of BigInts per call, measured at ~12% of an eth_call's time and a
 * good part of its garbage. The analysis depends only on the code bytes and the opcode table, and
 * the interpreter only reads it, so one result per code object is reused for as long as the code
 * object lives (state readers keep one object per code hash, see VersionedStates and WorldState).
 * The interpreter's prototype (interpreterPrototype.ts) is wrapped once per process. Idempotent.
 */
export async function cacheJumpAnalysis(evm: EVM): Promise<void> {
  const prototype = await interpreterPrototypeOf(evm);
  if (!prototype) return;
  if (patched.has(prototype) || typeof prototype._getValidJumpDestinations !== 'function') return;
  patched.add(prototype);
  const analyse = prototype._getValidJumpDestinations;
  prototype._getValidJumpDestinations = function (code) {
    const opcodeTable = opcodeTableOf(this._evm) ?? this._evm;
    let byCode = analyses.get(opcodeTable);
    if (!byCode) {
      byCode = new WeakMap();
      analyses.set(opcodeTable, byCode);
    }
    let analysis = byCode.get(code);
    if (analysis === undefined) {
      analysis = analyse.call(this, code);
      byCode.set(code, analysis);
    }
    return analysis;
  };
}
