import type { Hex } from '../../primitives/hex.js';
import type { AccountAuthority, NodeAccounts } from './NodeAccounts.js';

/** The dev accounts' keys (from the mnemonic) as {@link NodeAccounts}: the node signs anything for each. */
export class DevKeyring implements NodeAccounts {
  /** `keys`: private key by unprefixed lower-case address, in the order eth_accounts lists them. */
  constructor(private readonly keys: ReadonlyMap<string, Uint8Array>) {}

  addresses(): Hex[] {
    return [...this.keys.keys()].map((address) => `0x${address}` as Hex);
  }

  authorityFor(address: Uint8Array): AccountAuthority | undefined {
    const privateKey = this.keys.get(Buffer.from(address).toString('hex'));
    return privateKey ? { kind: 'key', privateKey } : undefined;
  }
}
