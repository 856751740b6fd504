import type { Common } from '@ethereumjs/common';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import { DEPOSIT_TRANSACTION_TYPE, DepositTransaction } from './DepositTransaction.js';

/**
 * A deposit from its JSON-RPC object as op-geth serves it (`sourceHash`, `from`, `to`, `mint`, `value`,
 * `gas`, `isSystemTx`, `input`), or undefined when the object is not a deposit: how a fork of an OP chain
 * rebuilds a remote deposit to replay it (nodes do not all serve raw transactions). Throws when a deposit's
 * fields are missing or malformed.
 */
export function depositFromRpc(json: Record<string, unknown>, common: Common): DepositTransaction | undefined {
  if (json.type === undefined || Number(json.type) !== DEPOSIT_TRANSACTION_TYPE) return undefined;
  const hex = (name: string): Hex => {
    const value = json[name];
    if (typeof value !== 'string' || !value.startsWith('0x')) throw new Error(`deposit ${String(json.hash)} has no ${name}`);
    return value as Hex;
  };
  const quantity = (name: string) => (json[name] === undefined || json[name] === null ? 0n : BigInt(hex(name)));
  return new DepositTransaction(
    {
      sourceHash: hexToBytes(hex('sourceHash')),
      from: hexToBytes(hex('from')),
      to: json.to === null || json.to === undefined ? undefined : hexToBytes(hex('to')),
      mint: quantity('mint'),
      value: quantity('value'),
      gasLimit: quantity('gas'),
      isSystemTx: json.isSystemTx === true,
      data: hexToBytes(hex('input')),
    },
    common,
  );
}
