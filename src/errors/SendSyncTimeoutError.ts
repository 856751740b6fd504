import type { Hex } from '../primitives/hex.js';
import { SequinError } from './SequinError.js';

/** eth_sendRawTransactionSync: the tx was accepted but not pre-confirmed within `timeoutMs` (EIP-7966). */
export class SendSyncTimeoutError extends SequinError {
  readonly kind = 'sendSyncTimeout';

  constructor(
    readonly hash: Hex,
    readonly timeoutMs: number,
  ) {
    super(`transaction ${hash} not pre-confirmed within ${timeoutMs} ms`);
  }
}
