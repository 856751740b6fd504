/**
 * What Hardhat's node says of a failed execution (Hardhat 2's stack-trace messages for a contract it
 * has no artifacts of, as `hardhat node` answers a client outside its project): chosen from the
 * return data alone.
 *
 *   Error(string)      VM Exception while processing transaction: reverted with reason string 'REASON'
 *   Panic(uint256)     VM Exception while processing transaction: reverted with panic code 0x32 (Array accessed …)
 *   other bytes        VM Exception while processing transaction: reverted with an unrecognized custom error (return data: 0x…)
 *   invalid opcode     VM Exception while processing transaction: invalid opcode
 *   anything else      Transaction reverted without a reason string
 *
 * Running out of gas is not here: Hardhat answers it with another code and words (hardhatDialect.ts).
 */
import { bytesToHex } from '../../primitives/hex.js';

const PREFIX = 'VM Exception while processing transaction:';
const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';

/** Hardhat's reasons for Solidity's panic codes. */
const PANIC_REASONS: ReadonlyMap<bigint, string> = new Map([
  [0x01n, 'Assertion error'],
  [0x11n, 'Arithmetic operation overflowed outside of an unchecked block'],
  [0x12n, 'Division or modulo division by zero'],
  [0x21n, 'Tried to convert a value into an enum, but the value was too big or negative'],
  [0x22n, 'Incorrectly encoded storage byte array'],
  [0x31n, '.pop() was called on an empty array'],
  [0x32n, 'Array accessed at an out-of-bounds or negative index'],
  [0x41n, 'Too much memory was allocated, or an array was created that is too large'],
  [0x51n, 'Called a zero-initialized variable of internal function type'],
]);

/** Hardhat's message for an execution that failed with `vmError` (geth's words) and returned `returnData`. */
export function hardhatExecutionMessage(vmError: string, returnData: Uint8Array): string {
  if (vmError.startsWith('invalid opcode')) return `${PREFIX} invalid opcode`;
  const hex = bytesToHex(returnData);
  if (vmError !== 'execution reverted' || returnData.length === 0) return 'Transaction reverted without a reason string';
  const reason = hex.startsWith(ERROR_SELECTOR) ? errorString(returnData) : undefined;
  if (reason !== undefined) return `${PREFIX} reverted with reason string '${reason}'`;
  if (hex.startsWith(PANIC_SELECTOR) && returnData.length === 36) {
    const code = BigInt(`0x${hex.slice(10)}`);
    const described = PANIC_REASONS.get(code);
    return described === undefined
      ? `${PREFIX} reverted with unknown panic code 0x${code.toString(16)}`
      : `${PREFIX} reverted with panic code 0x${code.toString(16)} (${described})`;
  }
  return `${PREFIX} reverted with an unrecognized custom error (return data: ${hex})`;
}

/** The string of ABI-encoded `Error(string)` revert data, or undefined when it does not decode. */
function errorString(data: Uint8Array): string | undefined {
  if (data.length < 68) return undefined;
  const offset = readWord(data, 4);
  if (offset === undefined || offset > BigInt(data.length)) return undefined;
  const start = 4 + Number(offset);
  const length = readWord(data, start);
  if (length === undefined || BigInt(start + 32) + length > BigInt(data.length)) return undefined;
  return Buffer.from(data.subarray(start + 32, start + 32 + Number(length))).toString('utf8');
}

function readWord(data: Uint8Array, at: number): bigint | undefined {
  if (at + 32 > data.length) return undefined;
  return BigInt(bytesToHex(data.subarray(at, at + 32)));
}
