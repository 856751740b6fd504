/**
 * The L1 an OP Stack chain on Sequin follows: no L1 node, a simulated one. Each L2 block's L1 origin
 * follows from its parent's (what L1Block holds after the parent) and the L2 block's timestamp: a new
 * L1 block every `blockTime` seconds of L2 time, numbered on from the parent's origin, with a hash made
 * up from its number; within one origin the sequence number counts the L2 blocks. Its base fee and
 * blob base fee are the node's settings (`--l1-base-fee`, `--l1-blob-base-fee`), changed at run time by
 * `sequin_setL1BaseFee` / `sequin_setL1BlobBaseFee` from the next block on; until a value is set, a chain
 * that already has L1 values (a restarted data dir, a fork of an OP chain) keeps its L1Block's.
 *
 * The first block of a new chain (L1Block still empty) takes as origin the L1 block Ethereum mainnet
 * would have at its timestamp (the merge's block 15,537,394 at 1,663,224,179, then one every 12 s),
 * so L1 numbers look like mainnet's.
 */
import { bigintToPaddedBytes } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';
import type { L1Origin } from './l1Attributes.js';
import type { L1BlockValues } from './l1BlockValues.js';

const MERGE_BLOCK = 15_537_394n;
const MERGE_TIMESTAMP = 1_663_224_179n;

export interface L1Settings {
  baseFee: bigint;
  blobBaseFee: bigint;
  /** Seconds. */
  blockTime: bigint;
}

/** The L1 origin of a block and its sequence number within that origin. */
export interface L1Position {
  origin: L1Origin;
  sequenceNumber: bigint;
}

export class SimulatedL1 {
  /** Set values (undefined: keep the parent's L1Block values, or the settings on a new chain). */
  private baseFee: bigint | undefined;
  private blobBaseFee: bigint | undefined;

  constructor(
    private readonly settings: L1Settings,
    /** True for a chain that starts with the settings' values; false to keep what L1Block holds until a value is set. */
    useSettings: boolean,
  ) {
    if (useSettings) {
      this.baseFee = settings.baseFee;
      this.blobBaseFee = settings.blobBaseFee;
    }
  }

  /** Sets the L1 base fee of the next blocks' origins. */
  setBaseFee(baseFee: bigint): void {
    this.baseFee = baseFee;
  }

  /** Sets the L1 blob base fee of the next blocks' origins. */
  setBlobBaseFee(blobBaseFee: bigint): void {
    this.blobBaseFee = blobBaseFee;
  }

  /** The L1 base fee and blob base fee the next block's origin carries, given its parent's L1Block values. */
  feesAfter(parent: L1BlockValues): { baseFee: bigint; blobBaseFee: bigint } {
    const empty = parent.number === 0n && parent.timestamp === 0n;
    return {
      baseFee: this.baseFee ?? (empty ? this.settings.baseFee : parent.baseFee),
      blobBaseFee: this.blobBaseFee ?? (empty ? this.settings.blobBaseFee : parent.blobBaseFee),
    };
  }

  /** The origin of the L2 block at `timestamp` whose parent left `parent` in L1Block. */
  positionAfter(parent: L1BlockValues, timestamp: bigint): L1Position {
    const fees = this.feesAfter(parent);
    const { blockTime } = this.settings;
    if (parent.number === 0n && parent.timestamp === 0n) {
      const number = MERGE_BLOCK + (timestamp > MERGE_TIMESTAMP ? (timestamp - MERGE_TIMESTAMP) / 12n : 0n);
      return { origin: { number, timestamp, hash: simulatedHash(number), ...fees }, sequenceNumber: 0n };
    }
    const elapsed = timestamp > parent.timestamp ? (timestamp - parent.timestamp) / blockTime : 0n;
    if (elapsed === 0n) {
      return { origin: { number: parent.number, timestamp: parent.timestamp, hash: parent.hash, ...fees }, sequenceNumber: parent.sequenceNumber + 1n };
    }
    const number = parent.number + elapsed;
    return { origin: { number, timestamp: parent.timestamp + elapsed * blockTime, hash: simulatedHash(number), ...fees }, sequenceNumber: 0n };
  }
}

/** A made-up L1 block hash: keccak256("sequin simulated L1" ‖ number). */
function simulatedHash(number: bigint): Uint8Array {
  const tag = new TextEncoder().encode('sequin simulated L1');
  const word = bigintToPaddedBytes(number, 32);
  const input = new Uint8Array(tag.length + 32);
  input.set(tag, 0);
  input.set(word, tag.length);
  return keccak256(input);
}
