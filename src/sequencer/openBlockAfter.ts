import { headerFieldsAfter } from '../chain/headerFieldsAfter.js';
import type { StoredBlock } from '../chain/records.js';
import { hexToBytes } from '../primitives/hex.js';
import type { BlockParameters } from './BlockParameters.js';
import { OpenBlock } from './OpenBlock.js';

/**
 * Opens the block after `parent` at wall-clock `atMs`, stamped by `parameters` (see
 * BlockParameters: the timestamp is above the parent's and follows the chain's clock; the base
 * fee follows EIP-1559 unless set; gas limit and coinbase as set), under the fork its number and
 * timestamp select on the chain's rules: that fork decides the other header fields (no base fee
 * before London, difficulty before the merge, excess blob gas from Cancun; chain/headerFieldsAfter.ts).
 */
export function openBlockAfter(parent: StoredBlock, parameters: BlockParameters, atMs: number): OpenBlock {
  const stamp = parameters.stampAfter(parent, atMs);
  const { common, stepGasLimit } = parameters.defaults;
  const fields = headerFieldsAfter(common, parent, stamp.timestamp, stamp.gasLimit);
  const gasLimit = stepGasLimit ? fields.gasLimit : stamp.gasLimit;
  // A base fee set with anvil_setNextBlockBaseFeePerGas wins; the London switch block takes the initial one.
  const london = fields.rules.isActivatedEIP(1559);
  const londonSwitch = london && parent.baseFeePerGas === undefined;
  const baseFeePerGas = !london ? 0n : stamp.spends.baseFeePerGas !== undefined || !londonSwitch ? stamp.baseFeePerGas : fields.baseFeePerGas;
  return new OpenBlock({
    number: Number(BigInt(parent.number)) + 1,
    timestamp: stamp.timestamp,
    baseFeePerGas,
    gasLimit,
    coinbase: stamp.coinbase,
    parentHash: hexToBytes(parent.hash),
    parentStateRoot: hexToBytes(parent.stateRoot),
    openedAtMs: atMs,
    notBeforeMs: parameters.wallMsOf(stamp.timestamp),
    spends: stamp.spends,
    opening: { ...fields, gasLimit, baseFeePerGas },
  });
}
