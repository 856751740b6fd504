import type { BlockEnvironment } from '../execution/BlockEnvironment.js';
import type { OpenBlockView } from './OpenBlockView.js';

/** The environment the open block's transactions run in (and calls on "pending"): its header fields as fixed at opening. */
export function openBlockEnvironment(open: Pick<OpenBlockView, 'number' | 'timestamp' | 'parentHash' | 'opening'>, coinbase: Uint8Array): BlockEnvironment {
  const { opening } = open;
  return {
    number: BigInt(open.number),
    timestamp: open.timestamp,
    gasLimit: opening.gasLimit,
    baseFeePerGas: opening.baseFeePerGas,
    coinbase,
    parentHash: open.parentHash,
    difficulty: opening.difficulty,
    prevRandao: opening.mixHash,
    excessBlobGas: opening.excessBlobGas,
    parentBeaconBlockRoot: opening.parentBeaconBlockRoot,
  };
}
