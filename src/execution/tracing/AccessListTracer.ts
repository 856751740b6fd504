import type { ExecutionTracer, OpcodeStep } from './ExecutionTracer.js';
import { OP } from './opcodeNames.js';

/** An EIP-2930 access list: addresses and slots as unprefixed hex. */
export type AccessListEntries = Map<string, Set<string>>;

/**
 * geth's AccessListTracer: collects the accounts and storage slots an execution touches, as an
 * access list for eth_createAccessList. Slots are recorded for whichever contract reads or
 * writes them; accounts reached by BALANCE, EXTCODE*, SELFDESTRUCT and the CALL family are
 * recorded unless excluded (the sender, the recipient, precompiles and 7702 authorities, which
 * are warm anyway).
 */
export class AccessListTracer implements ExecutionTracer {
  readonly entries: AccessListEntries = new Map();

  constructor(
    private readonly excluded: ReadonlySet<string>,
    initial: AccessListEntries = new Map(),
  ) {
    for (const [address, slots] of initial) {
      if (excluded.has(address)) continue;
      const copy = this.addAddress(address);
      for (const slot of slots) copy.add(slot);
    }
  }

  onOpcode(step: OpcodeStep): void {
    const stack = step.stack;
    const top = stack.length - 1;
    const op = step.op;
    if ((op === OP.SLOAD || op === OP.SSTORE) && top >= 0) {
      this.addAddress(step.address).add(stack[top]!.toString(16).padStart(64, '0'));
    } else if ((op === OP.EXTCODECOPY || op === OP.EXTCODEHASH || op === OP.EXTCODESIZE || op === OP.BALANCE || op === OP.SELFDESTRUCT) && top >= 0) {
      this.addUnlessExcluded(stack[top]!);
    } else if ((op === OP.DELEGATECALL || op === OP.CALL || op === OP.STATICCALL || op === OP.CALLCODE) && top >= 4) {
      this.addUnlessExcluded(stack[top - 1]!);
    }
  }

  result(): AccessListEntries {
    return this.entries;
  }

  private addUnlessExcluded(word: bigint): void {
    const address = (word & ((1n << 160n) - 1n)).toString(16).padStart(40, '0');
    if (!this.excluded.has(address)) this.addAddress(address);
  }

  private addAddress(address: string): Set<string> {
    let slots = this.entries.get(address);
    if (!slots) {
      slots = new Set();
      this.entries.set(address, slots);
    }
    return slots;
  }
}

/** True when both lists hold the same addresses with the same slots. */
export function sameAccessList(a: AccessListEntries, b: AccessListEntries): boolean {
  if (a.size !== b.size) return false;
  for (const [address, slots] of a) {
    const other = b.get(address);
    if (!other || other.size !== slots.size) return false;
    for (const slot of slots) if (!other.has(slot)) return false;
  }
  return true;
}
