import { SequinError } from './SequinError.js';

/**
 * eth_getProof above the fork block of an account (or slot) whose value comes from the remote.
 * Blocks Sequin seals on a fork have state roots over what the fork itself wrote (docs/guides/forking.md#state-roots); remote state it only read is in no trie of its own, so a proof from that trie would
 * show zero where eth_getBalance or eth_getStorageAt show the remote's value. Refused instead:
 * a proof never contradicts another read.
 */
export class ForkProofUnavailableError extends SequinError {
  readonly kind = 'forkProofUnavailable';

  constructor(
    readonly address: string,
    /** The slot whose value comes from the remote; undefined when the account's fields do. */
    readonly slot: string | undefined,
    readonly forkBlock: bigint,
  ) {
    super(`no proof of ${slot === undefined ? `account ${address}` : `slot ${slot} of ${address}`} above fork block ${forkBlock}`);
  }
}
