import { keccak256 } from '../../primitives/keccak.js';

/**
 * The hash eth_sign and personal_sign sign (EIP-191 version 0x45, geth's accounts.TextHash):
 * keccak256("\x19Ethereum Signed Message:\n" ‖ decimal length of `data` ‖ `data`). The prefix keeps
 * a signed message from ever being a valid transaction.
 */
export function personalMessageHash(data: Uint8Array): Uint8Array {
  const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${data.length}`);
  const message = new Uint8Array(prefix.length + data.length);
  message.set(prefix, 0);
  message.set(data, prefix.length);
  return keccak256(message);
}
