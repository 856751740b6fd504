import type { StoredBlock } from '../chain/records.js';
import { hexToBytes } from '../primitives/hex.js';
import type { BlockParameters } from './BlockParameters.js';
import { OpenBlock } from './OpenBlock.js';

/**
 * Opens the block after `parent` at wall-clock `atMs`, stamped by `parameters` (see
 * BlockParameters: the timestamp is above the parent's and follows the chain's clock; the base
 * fee follows EIP-1559 unless set; gas limit and coinbase as set).
 */
export function openBlockAfter(parent: StoredBlock, parameters: BlockParameters, atMs: number): OpenBlock {
  const stamp = parameters.stampAfter(parent, atMs);
  return new OpenBlock({
    number: Number(BigInt(parent.number)) + 1,
    timestamp: stamp.timestamp,
    baseFeePerGas: stamp.baseFeePerGas,
    gasLimit: stamp.gasLimit,
    coinbase: stamp.coinbase,
    parentHash: hexToBytes(parent.hash),
    parentStateRoot: hexToBytes(parent.stateRoot),
    openedAtMs: atMs,
    notBeforeMs: parameters.wallMsOf(stamp.timestamp),
    spends: stamp.spends,
  });
}
