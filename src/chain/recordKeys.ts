/** Key schema of chain records (see storage/Storage.ts). Numbers are fixed-width hex so keys sort. */
export const recordKeys = {
  head: 'meta:head',
  chainId: 'meta:chainId',
  /** The fork Sequin's own chain runs (`--hardfork`), written with its genesis; absent on a genesis file's chain and on data dirs from before it was recorded (they run Prague). */
  hardfork: 'meta:hardfork',
  /** Fork mode: the remote block the chain started on (a ForkAnchor). */
  fork: 'meta:fork',
  blockByNumber: (number: number) => `block:n:${number.toString(16).padStart(12, '0')}`,
  blockNumberByHash: (hash: string) => `block:h:${hash}`,
  /** The block's exact RLP encoding (debug_getRawBlock), written with the block. */
  rawBlock: (number: number) => `block:r:${number.toString(16).padStart(12, '0')}`,
  /** The geth genesis file a chain was created from (`--genesis`), as text. */
  genesis: 'meta:genesis',
  /**
   * A transaction by hash: its position in the chain, `[blockNumber, transactionIndex]`, where
   * `transactionAt` holds the record (data directories written before positions keep the record
   * itself here).
   */
  transaction: (hash: string) => `tx:${hash}`,
  /** The transaction record (with its receipt) at a position: keys in chain order, so a block's records are written side by side. */
  transactionAt: (blockNumber: number, transactionIndex: number) => `${transactionsOfBlock(blockNumber)}${transactionIndex.toString(16).padStart(6, '0')}`,
  /** The prefix of every `transactionAt` key of block `blockNumber`. */
  transactionsOfBlock: (blockNumber: number) => transactionsOfBlock(blockNumber),
  subBlock: (blockNumber: number, index: number) => `sub:${blockNumber.toString(16).padStart(12, '0')}:${index.toString(16).padStart(6, '0')}`,
  subBlockPrefix: 'sub:',
  /** A sub-block's signed commitment (issue 26): kept after the seal, unlike the sub-block record. */
  commitment: (blockNumber: number, index: number) => `commit:${blockNumber.toString(16).padStart(12, '0')}:${index.toString(16).padStart(6, '0')}`,
  commitmentsOfBlock: (blockNumber: number) => `commit:${blockNumber.toString(16).padStart(12, '0')}:`,
  stateEdit: (blockNumber: number, subBlockIndex: number) =>
    `edit:${blockNumber.toString(16).padStart(12, '0')}:${subBlockIndex.toString(16).padStart(6, '0')}`,
  stateEditsOfBlock: (blockNumber: number) => `edit:${blockNumber.toString(16).padStart(12, '0')}:`,
  /** A pool-journal entry by its place in the journal (see txpool/PoolJournal.ts): new ones sort after the last. */
  poolEntry: (sequence: number) => `pool:s${sequence.toString(16).padStart(12, '0')}`,
  /** A pool-journal entry as data directories written before `poolEntry` keep it: by hash. */
  poolTransaction: (hash: string) => `pool:${hash}`,
  poolPrefix: 'pool:',
} as const;

/** The sub-block index a `commitment` or `stateEdit` key ends with (its last `:`-separated field, in hex). */
export function subBlockIndexInKey(key: string): number {
  return Number.parseInt(key.slice(key.lastIndexOf(':') + 1), 16);
}

function transactionsOfBlock(blockNumber: number): string {
  return `txat:${blockNumber.toString(16).padStart(12, '0')}:`;
}
