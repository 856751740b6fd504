import { bytesToHex, type Hex } from '../../primitives/hex.js';
import { signHash } from '../../primitives/secp256k1.js';

/**
 * The 65-byte signature r ‖ s ‖ v of `hash`, v = 27 + y-parity: the form eth_sign, personal_sign
 * and eth_signTypedData_v4 answer with in geth, Anvil and every wallet.
 */
export function signatureHex(hash: Uint8Array, privateKey: Uint8Array): Hex {
  const { r, s, yParity } = signHash(hash, privateKey);
  return `${bytesToHex(r)}${bytesToHex(s).slice(2)}${(27 + yParity).toString(16)}` as Hex;
}
