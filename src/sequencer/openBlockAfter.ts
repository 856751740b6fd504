import { headerFieldsAfter } from '../chain/headerFieldsAfter.js';
import type { StoredBlock } from '../chain/records.js';
import { hexToBytes } from '../primitives/hex.js';
import type { BlockParameters, BlockStamp } from './BlockParameters.js';
import { OpenBlock } from './OpenBlock.js';

/** What each open block was opened from: its parent and its stamp (see {@link restampedOpenBlock}). */
const openedFrom = new WeakMap<OpenBlock, { parent: StoredBlock; stamp: BlockStamp }>();

/**
 * Opens the block after `parent` at wall-clock `atMs`, stamped by `parameters` (see
 * BlockParameters: the timestamp is above the parent's and follows the chain's clock; the base
 * fee follows EIP-1559 unless set; gas limit and coinbase as set), under the fork its number and
 * timestamp select on the chain's rules: that fork decides the other header fields (no base fee
 * before London, difficulty before the merge, excess blob gas from Cancun; chain/headerFieldsAfter.ts).
 */
export function openBlockAfter(parent: StoredBlock, parameters: BlockParameters, atMs: number): OpenBlock {
  return openStamped(parent, parameters, parameters.stampAfter(parent, atMs), atMs);
}

/**
 * The empty block `open` stamped again at `atMs` (instant and manual mining stamp the block with the time
 * it is made at): {@link openBlockAfter}, unless the stamp comes out as `open`'s own (same parent, and the
 * same timestamp, base fee, gas limit, coinbase and one-shot settings from the parameters as they are
 * now), when the header fields are the ones `open` already has (they follow from the parent and the
 * stamp alone) and only its opening time moves. An instant-mined send stamps the block the last seal
 * opened, usually within the same second.
 */
export function restampedOpenBlock(open: OpenBlock, parent: StoredBlock, parameters: BlockParameters, atMs: number): OpenBlock {
  const stamp = parameters.stampAfter(parent, atMs);
  const from = openedFrom.get(open);
  const notBeforeMs = parameters.wallMsOf(stamp.timestamp);
  if (!open.isEmpty || from?.parent !== parent || !sameStamp(from.stamp, stamp) || open.notBeforeMs !== notBeforeMs) {
    return openStamped(parent, parameters, stamp, atMs);
  }
  if (open.openedAtMs === atMs) return open;
  const reopened = open.rescheduled({ openedAtMs: atMs, notBeforeMs });
  openedFrom.set(reopened, { parent, stamp });
  return reopened;
}

function openStamped(parent: StoredBlock, parameters: BlockParameters, stamp: BlockStamp, atMs: number): OpenBlock {
  const { common, stepGasLimit } = parameters.defaults;
  const fields = headerFieldsAfter(common, parent, stamp.timestamp, stamp.gasLimit);
  const gasLimit = stepGasLimit ? fields.gasLimit : stamp.gasLimit;
  // A base fee set with anvil_setNextBlockBaseFeePerGas wins; the London switch block takes the initial one.
  const london = fields.rules.isActivatedEIP(1559);
  const londonSwitch = london && parent.baseFeePerGas === undefined;
  const baseFeePerGas = !london ? 0n : stamp.spends.baseFeePerGas !== undefined || !londonSwitch ? stamp.baseFeePerGas : fields.baseFeePerGas;
  const open = new OpenBlock({
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
  openedFrom.set(open, { parent, stamp });
  return open;
}

function sameStamp(a: BlockStamp, b: BlockStamp): boolean {
  return (
    a.timestamp === b.timestamp &&
    a.baseFeePerGas === b.baseFeePerGas &&
    a.gasLimit === b.gasLimit &&
    Buffer.from(a.coinbase.buffer, a.coinbase.byteOffset, a.coinbase.byteLength).equals(b.coinbase) &&
    a.spends.timestamp === b.spends.timestamp &&
    a.spends.baseFeePerGas === b.spends.baseFeePerGas
  );
}
