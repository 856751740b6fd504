import { bytesToHex } from '../primitives/hex.js';

const ERROR_SELECTOR = '08c379a0'; // Error(string)
const PANIC_SELECTOR = '4e487b71'; // Panic(uint256)

/** Solidity panic codes and the wording geth uses for them (accounts/abi/abi.go). */
const PANIC_REASONS: Record<number, string> = {
  0x00: 'generic panic',
  0x01: 'assert(false)',
  0x11: 'arithmetic underflow or overflow',
  0x12: 'division or modulo by zero',
  0x21: 'enum overflow',
  0x22: 'invalid encoded storage byte array accessed',
  0x31: 'out-of-bounds array access; popping on an empty array',
  0x32: 'out-of-bounds access of an array or bytesN',
  0x41: 'out of memory',
  0x51: 'uninitialized function',
};

/**
 * The human reason in revert data, as geth's `abi.UnpackRevert` finds it: the string of an
 * `Error(string)`, or the meaning of a `Panic(uint256)`. Undefined for anything else (custom
 * errors, empty data), in which case the message is plain "execution reverted".
 */
export function decodeRevertReason(data: Uint8Array): string | undefined {
  const hex = bytesToHex(data).slice(2);
  const selector = hex.slice(0, 8);
  try {
    if (selector === ERROR_SELECTOR && data.length >= 68) {
      const offset = Number(BigInt(`0x${hex.slice(8, 72)}`));
      const lengthStart = 4 + offset;
      const length = Number(BigInt(bytesToHex(data.subarray(lengthStart, lengthStart + 32))));
      const bytes = data.subarray(lengthStart + 32, lengthStart + 32 + length);
      if (bytes.length !== length) return undefined;
      return Buffer.from(bytes).toString('utf8');
    }
    if (selector === PANIC_SELECTOR && data.length === 36) {
      const code = Number(BigInt(`0x${hex.slice(8)}`));
      return PANIC_REASONS[code] ?? `unknown panic code: 0x${code.toString(16)}`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
