import type { Hex } from '../../primitives/hex.js';
import { publicKeyOf } from '../../primitives/secp256k1.js';
import type { AccountAuthority, NodeAccounts } from './NodeAccounts.js';

/** The dev accounts' keys (from the mnemonic) as {@link NodeAccounts}: the node signs anything for each. */
export class DevKeyring implements NodeAccounts {
  /** `keys`: private key by unprefixed lower-case address, in the order eth_accounts lists them. */
  constructor(private readonly keys: ReadonlyMap<string, Uint8Array>) {}

  /** Each key's authority, its public key derived once (the first time it is asked for). */
  private readonly authorities = new Map<string, AccountAuthority>();

  addresses(): Hex[] {
    return [...this.keys.keys()].map((address) => `0x${address}` as Hex);
  }

  authorityFor(address: Uint8Array): AccountAuthority | undefined {
    const hex = Buffer.from(address).toString('hex');
    const known = this.authorities.get(hex);
    if (known) return known;
    const privateKey = this.keys.get(hex);
    if (!privateKey) return undefined;
    const authority: AccountAuthority = { kind: 'key', privateKey, publicKey: publicKeyOf(privateKey) };
    this.authorities.set(hex, authority);
    return authority;
  }
}
