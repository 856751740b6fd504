/**
 * Watches one execution for whatever could make its course depend on its gas limit, so the
 * estimator can tell from a single run the least gas limit that runs it the same way.
 */
import type { EVM } from '@ethereumjs/evm';
import { opcodeTableOf, wrapOpcodeHandlers } from './opcodeTable.js';

/** What the interpreter passes an opcode's handlers first. */
interface RunState {
  gasLeft: bigint;
}

/**
 * Opcodes through which a frame sees or hands on the gas it has left: GAS reads it; CALL,
 * CALLCODE, DELEGATECALL, STATICCALL, CREATE and CREATE2 forward all but 1/64 of it (EIP-150).
 * BALANCE and SELFBALANCE are here too: during a call the sender has paid gas limit × gas price
 * up front, so a balance it reads can change with the limit.
 */
const GAS_OBSERVING_OPCODES = [0x5a, 0xf1, 0xf2, 0xf4, 0xfa, 0xf0, 0xf5, 0x31, 0x47];
const SSTORE = 0x55;

/** What a watched run saw. */
export interface GasLimitReport {
  /** True when the run executed an opcode that sees or forwards its gas (or a balance). */
  gasObserved: boolean;
  /** The least gas left at an SSTORE's gas check (EIP-2200 fails one with 2,300 or less left); undefined without SSTOREs. */
  leastGasLeftAtSstore?: bigint;
}

/**
 * Why: with no refund, a run whose course cannot depend on its gas limit succeeds with any limit
 * of at least the gas it used, and fails below it (its gas left only ever falls), so the run at
 * the cap alone gives the estimate that geth's search would end on. Two things can make a course
 * depend on the limit without failing for lack of gas: an opcode that sees or forwards the gas
 * left (GAS_OBSERVING_OPCODES), and EIP-2200's SSTORE check, which fails an SSTORE with 2,300 gas
 * or less left: that one is safe when every SSTORE keeps more than that after the limit is
 * lowered, which the least gas left at an SSTORE tells.
 *
 * The EVM's opcode-table entries are wrapped in place (the interpreter and its cached jump
 * analyses read the same entry objects); a wrapped handler only checks a flag unless a run is
 * being watched. The table is rebuilt when the EVM's fork changes, so each new table is wrapped
 * before the run that uses it.
 */
export class GasLimitWatch {
  private watching = false;
  private report: GasLimitReport = { gasObserved: false };
  private readonly wrappedTables = new WeakSet<object>();

  constructor(private readonly evm: EVM) {}

  /** Runs `work` while watching what it executes, and returns its result with the report. */
  async watch<T>(work: () => Promise<T>): Promise<{ result: T; report: GasLimitReport }> {
    this.wrapTable();
    this.watching = true;
    this.report = { gasObserved: false };
    try {
      const result = await work();
      return { result, report: this.report };
    } finally {
      this.watching = false;
    }
  }

  private wrapTable(): void {
    const table = opcodeTableOf(this.evm);
    if (!table || this.wrappedTables.has(table)) return;
    this.wrappedTables.add(table);
    const wrapped = wrapOpcodeHandlers(table, GAS_OBSERVING_OPCODES, (handle) => (...args: unknown[]) => {
      if (this.watching) this.report.gasObserved = true;
      return handle(...args);
    });
    const sstore = table[SSTORE];
    const chargeSstore = sstore?.gasHandler;
    if (sstore && chargeSstore && !wrapped.has(sstore)) {
      sstore.gasHandler = (...args: unknown[]) => {
        if (this.watching) {
          const { gasLeft } = args[0] as RunState;
          const least = this.report.leastGasLeftAtSstore;
          if (least === undefined || gasLeft < least) this.report.leastGasLeftAtSstore = gasLeft;
        }
        return chargeSstore(...args);
      };
    }
  }
}

const watches = new WeakMap<EVM, GasLimitWatch>();

/** The watch of `evm` (one per EVM, made on first use). */
export function gasLimitWatchOf(evm: EVM): GasLimitWatch {
  let watch = watches.get(evm);
  if (!watch) {
    watch = new GasLimitWatch(evm);
    watches.set(evm, watch);
  }
  return watch;
}
