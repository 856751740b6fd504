/**
 * The @ethereumjs Common of a {@link ChainSpec}: its chain id, its fork schedule in activation order and
 * its blob parameters, with Sequin's native crypto. One Common serves every block of the chain: set the
 * block's fork with `common.setHardfork(forkAt(spec, block))` (not `setHardforkBy`: ethereumjs cannot
 * place the merge by total difficulty, see forkAt.ts) before building the block or the VM run.
 *
 * Blob parameters follow geth rather than @ethereumjs/common's own geth-genesis reader, which writes
 * BPO entries under names its blob schedule does not read (so a file's bpo1/bpo2 values would be
 * ignored) and has no definition for bpo3–bpo5:
 * - Cancun and Prague take their `blobSchedule` entries (hardfork-scoped params);
 * - Osaka keeps Prague's, as in geth (an `osaka` entry is ignored);
 * - bpo1–bpo5 are defined here, with no EIPs and their entry's target, max and update fraction.
 */

import { paramsBlock } from '@ethereumjs/block';
import type { HardforksDict, HardforkTransitionConfig, ParamsDict } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { paramsTx } from '@ethereumjs/tx';
import type { KZG } from '@ethereumjs/util';
import { paramsVM } from '@ethereumjs/vm';
import { bigintToPaddedBytes, bytesToHex, hexToBytes, toQuantity } from '../primitives/hex.js';
import type { BlobParameters, ChainSpec, ForkName } from './ChainSpec.js';
import { forkAt } from './forkAt.js';
import { NATIVE_CRYPTO } from './nativeCrypto.js';
import { ScheduledCommon } from './ScheduledCommon.js';

/** Options of {@link createChainSpecCommon}. */
export interface ChainSpecCommonOptions {
  /**
   * KZG for blob proofs (network-form blob transactions). Default: one that throws when used. Blocks
   * carry blob transactions without blobs, so reading and executing blocks never calls it, but
   * @ethereumjs/tx refuses to decode a blob transaction without one.
   */
  kzg?: KZG;
}

/**
 * Builds the Common for `spec`, set to chainstart until `setHardfork`; it knows the spec's schedule
 * (`at(block)` is a block's rules, see ScheduledCommon.ts).
 */
export function createChainSpecCommon(spec: ChainSpec, options: ChainSpecCommonOptions = {}): ScheduledCommon {
  const { terminalTotalDifficulty, netsplitBlock } = spec.merge;
  // Paris has no block of its own in geth; ethereumjs needs it listed (for the fork order) and
  // `null` means "not scheduled by number". forkAt decides when it applies.
  const mergeBlock = netsplitBlock ?? (terminalTotalDifficulty === 0n ? 0n : undefined);
  const hardforks: HardforkTransitionConfig[] = spec.blockForks.map(({ fork, block }) => ({ name: fork, block: Number(block) }));
  if (terminalTotalDifficulty !== undefined) {
    const block = mergeBlock === undefined ? null : Number(mergeBlock);
    hardforks.push({ name: 'paris', block }, { name: 'mergeNetsplitBlock', block });
  }
  for (const { fork, timestamp } of spec.timestampForks) hardforks.push({ name: fork, block: null, timestamp: timestamp.toString() });

  const blobForks: HardforksDict = {};
  for (const fork of ['bpo1', 'bpo2', 'bpo3', 'bpo4', 'bpo5'] as const) {
    const entry = spec.blobSchedule[fork];
    if (entry !== undefined)
      blobForks[fork] = { eips: [], params: { target: entry.target, max: entry.max, blobGasPriceUpdateFraction: Number(entry.baseFeeUpdateFraction) } };
  }
  const { genesis } = spec;
  const common = ScheduledCommon.create(
    {
      chain: {
        name: `chain ${spec.chainId}`,
        chainId: spec.chainId.toString(),
        genesis: {
          timestamp: toQuantity(genesis.timestamp),
          gasLimit: toQuantity(genesis.gasLimit),
          difficulty: toQuantity(genesis.difficulty),
          nonce: bytesToHex(bigintToPaddedBytes(genesis.nonce, 8)),
          extraData: bytesToHex(genesis.extraData),
          ...(genesis.baseFeePerGas === undefined ? {} : { baseFeePerGas: toQuantity(genesis.baseFeePerGas) }),
          ...(genesis.excessBlobGas === undefined ? {} : { excessBlobGas: toQuantity(genesis.excessBlobGas) }),
        },
        hardforks,
        customHardforks: blobForks,
        bootstrapNodes: [],
        consensus: terminalTotalDifficulty === 0n ? { type: 'pos', algorithm: 'casper' } : { type: 'pow', algorithm: 'ethash', ethash: {} },
        ...(spec.depositContractAddress === undefined ? {} : { depositContractAddress: spec.depositContractAddress }),
      },
      hardfork: 'chainstart',
      customCrypto: { ...NATIVE_CRYPTO, kzg: options.kzg ?? UNAVAILABLE_KZG },
    },
    {
      forkAt: (position) => forkAt(spec, position),
      latest: latestFork(spec),
      ...(spec.depositContractAddress === undefined ? {} : { depositContract: hexToBytes(spec.depositContractAddress) }),
    },
  );
  for (const table of [paramsTx, paramsBlock, paramsVM, paramsEVM]) common.updateParams(table);
  common.updateParams(forkBlobParams(spec));
  return common;
}

/** The last fork `spec` schedules: the last timestamp fork, else the merge, else the last block fork. */
export function latestFork(spec: ChainSpec): ForkName {
  const lastTimestampFork = spec.timestampForks.at(-1);
  if (lastTimestampFork !== undefined) return lastTimestampFork.fork;
  if (spec.merge.terminalTotalDifficulty !== undefined) return spec.merge.netsplitBlock === undefined ? 'paris' : 'mergeNetsplitBlock';
  return spec.blockForks.at(-1)!.fork;
}

/** Hardfork-scoped blob parameters of Cancun, Prague and (Prague's, as geth) Osaka. */
function forkBlobParams(spec: ChainSpec): ParamsDict {
  const asParams = (entry: BlobParameters) => ({
    targetBlobGasPerBlock: entry.target * BLOB_GAS_PER_BLOB,
    maxBlobGasPerBlock: entry.max * BLOB_GAS_PER_BLOB,
    blobGasPriceUpdateFraction: Number(entry.baseFeeUpdateFraction),
  });
  const params: ParamsDict = {};
  const { cancun, prague } = spec.blobSchedule;
  if (cancun !== undefined) params.cancun = asParams(cancun);
  if (prague !== undefined) params.prague = params.osaka = asParams(prague);
  return params;
}

/** EIP-4844: gas per blob. */
const BLOB_GAS_PER_BLOB = 131_072;

const kzgUnavailable = (): never => {
  throw new Error('KZG is not available: blob proofs cannot be computed or verified');
};

/** A KZG that refuses every use, so a blob proof is never taken as checked. */
const UNAVAILABLE_KZG: KZG = {
  blobToKzgCommitment: kzgUnavailable,
  computeBlobProof: kzgUnavailable,
  verifyProof: kzgUnavailable,
  verifyBlobProofBatch: kzgUnavailable,
  computeCells: kzgUnavailable,
  computeCellsAndProofs: kzgUnavailable,
  recoverCellsAndProofs: kzgUnavailable,
  verifyCellKzgProofBatch: kzgUnavailable,
};
