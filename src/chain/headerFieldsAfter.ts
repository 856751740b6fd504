import { createBlockHeader } from '@ethereumjs/block';
import { type Common, ConsensusType, Hardfork } from '@ethereumjs/common';
import { commonAt } from '../config/ScheduledCommon.js';
import { hexToBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { headerOfStoredBlock, rulesOfStoredBlock } from './headerOfStoredBlock.js';
import { nextBaseFeeAfter } from './nextBaseFee.js';
import { nextGasLimit } from './nextGasLimit.js';
import type { StoredBlock } from './records.js';

/** The header fields of a block Sequin opens that follow from its parent and its fork. */
export interface OpeningFields {
  /** The rules of the block's fork. */
  rules: Common;
  gasLimit: bigint;
  /** 0 before London (the block has no base fee, and transactions pay their gas price to the miner). */
  baseFeePerGas: bigint;
  /** The canonical ethash difficulty before the merge; 0 after it. */
  difficulty: bigint;
  /** PREVRANDAO after the merge (keccak256 of the parent hash: a single sequencer has no beacon randomness); zero before. */
  mixHash: Uint8Array;
  /** From Cancun (0 before); Osaka's EIP-7918 included. */
  excessBlobGas: bigint;
  /** From Cancun: the zero hash, as there is no beacon chain. */
  parentBeaconBlockRoot: Uint8Array;
}

/**
 * The fields of the block after `parent` at `timestamp`, under the rules the block's number and timestamp
 * select on `common`'s chain (a block after a merged parent is merged too):
 *
 * - gas limit: toward `desiredGasLimit` within the protocol's bound (doubled at the London switch);
 * - base fee: EIP-1559 from the parent, 1 gwei for the first London block, none before;
 * - excess blob gas: EIP-4844 from the parent, with the block's own blob schedule and EIP-7918 from Osaka;
 * - difficulty: ethash's canonical difficulty before the merge (blocks are not mined: no seal).
 */
export function headerFieldsAfter(common: Common, parent: StoredBlock, timestamp: bigint, desiredGasLimit: bigint): OpeningFields {
  const number = BigInt(parent.number) + 1n;
  const parentRules = rulesOfStoredBlock(common, parent);
  const parentMerged = parentRules.gteHardfork(Hardfork.Paris);
  const rules = commonAt(common, { number, timestamp, ...(parentMerged ? { difficulty: 0n } : {}) });
  const london = rules.isActivatedEIP(1559);
  const londonSwitch = london && !parentRules.isActivatedEIP(1559) && number > 0n;
  // An @ethereumjs header costs ~0.2 ms to build, once per block (in instant mining, per transaction):
  // built only for the two rules that need one.
  const parentHeader = () => headerOfStoredBlock(common, parent);
  const proofOfWork = rules.consensusType() === ConsensusType.ProofOfWork;
  const gasLimit = nextGasLimit(BigInt(parent.gasLimit), desiredGasLimit, londonSwitch);
  let baseFeePerGas = 0n;
  if (london) {
    baseFeePerGas = londonSwitch ? rules.param('initialBaseFee') : nextBaseFeeAfter(common, parent, timestamp);
  }
  const difficulty = proofOfWork
    ? createBlockHeader({ number, timestamp, parentHash: hexToBytes(parent.hash) }, { common: rules, calcDifficultyFromHeader: parentHeader() }).difficulty
    : 0n;
  return {
    rules,
    gasLimit,
    baseFeePerGas,
    difficulty,
    mixHash: proofOfWork ? new Uint8Array(32) : keccak256(hexToBytes(parent.hash)),
    excessBlobGas: rules.isActivatedEIP(4844) ? nextExcessBlobGas(parent, rules, parentHeader) : 0n,
    parentBeaconBlockRoot: new Uint8Array(32),
  };
}

/**
 * EIP-4844's excess blob gas after `parent` (with EIP-7918 from Osaka). A parent that had neither
 * excess nor blob gas used leaves none under either formula, which is every block of a chain that
 * refuses blob submissions: answered without building the parent's header.
 */
function nextExcessBlobGas(parent: StoredBlock, rules: Common, parentHeader: () => ReturnType<typeof headerOfStoredBlock>): bigint {
  if (BigInt(parent.excessBlobGas ?? 0) === 0n && BigInt(parent.blobGasUsed ?? 0) === 0n) return 0n;
  return parentHeader().calcNextExcessBlobGas(rules);
}
