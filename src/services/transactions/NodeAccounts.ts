import type { Hex } from '../../primitives/hex.js';

/**
 * How the node may act for an address. `key`: it holds the private key, so it signs anything for
 * the address (messages, typed data, transactions). Impersonation (anvil_impersonateAccount) adds a
 * kind that may send transactions but sign nothing, as in Anvil, where eth_sign for an impersonated
 * address fails.
 */
export type AccountAuthority = {
  kind: 'key';
  privateKey: Uint8Array;
  /** Its 64-byte public key (no 0x04 prefix): what a signature by it recovers to, known without recovering it. */
  publicKey: Uint8Array;
};

/**
 * The port "who can the node sign and send for": eth_accounts lists {@link NodeAccounts.addresses};
 * eth_sendTransaction, eth_sign, personal_sign, eth_signTypedData_v4 and eth_signTransaction ask
 * {@link NodeAccounts.authorityFor} and answer geth's "unknown account" when it says undefined.
 */
export interface NodeAccounts {
  /** The addresses eth_accounts lists, 0x-prefixed lower case, in order. */
  addresses(): Hex[];
  /** How the node may act for `address` (20 bytes), or undefined when it may not. */
  authorityFor(address: Uint8Array): AccountAuthority | undefined;
}
