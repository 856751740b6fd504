/**
 * @ethereumjs/evm's opcode table, which the node wraps in place to watch what an execution runs
 * (GasLimitWatch, executionDeadline) and keys its jump analyses by (cacheJumpAnalysis). The table
 * is private to the EVM (`_opcodeMap`), so it is read here only; the EVM builds a new one when its
 * fork changes, and the interpreter and the cached jump analyses read the same entry objects.
 */
import type { EVM } from '@ethereumjs/evm';

/** An entry of the table: the handler of its opcode, and of its dynamic gas if it has one. */
export interface OpcodeEntry {
  opHandler: (...args: unknown[]) => unknown;
  gasHandler?: (...args: unknown[]) => unknown;
}

export type OpcodeTable = Array<OpcodeEntry | undefined>;

/** `evm`'s current opcode table, undefined if it has none. */
export function opcodeTableOf(evm: EVM | object): OpcodeTable | undefined {
  return (evm as { _opcodeMap?: OpcodeTable })._opcodeMap;
}

/**
 * Replaces the handler of each of `opcodes`' entries in `table` by `wrap(handler)`, each entry
 * once: the table fills unassigned opcodes with one shared INVALID entry, and `wrapped` (given by
 * a caller wrapping in several passes) holds the entries wrapped so far. Returns `wrapped`.
 */
export function wrapOpcodeHandlers(
  table: OpcodeTable,
  opcodes: readonly number[],
  wrap: (handle: OpcodeEntry['opHandler']) => OpcodeEntry['opHandler'],
  wrapped = new Set<OpcodeEntry>(),
): Set<OpcodeEntry> {
  for (const opcode of opcodes) {
    const entry = table[opcode];
    if (!entry || wrapped.has(entry)) continue;
    wrapped.add(entry);
    entry.opHandler = wrap(entry.opHandler);
  }
  return wrapped;
}
