import type { Common } from '@ethereumjs/common';
import { createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { opStackOf } from '../config/ScheduledCommon.js';
import { asTransaction, DEPOSIT_TRANSACTION_TYPE, decodeDeposit } from './opStack/DepositTransaction.js';

/**
 * A transaction from its EIP-2718 encoding under `common`: @ethereumjs/tx's types, and on an OP Stack chain
 * the deposit type (0x7E) too. Throws what the decoder says is wrong.
 */
export function decodeTransaction(raw: Uint8Array, common: Common): TypedTransaction {
  if (raw[0] === DEPOSIT_TRANSACTION_TYPE && opStackOf(common)) return asTransaction(decodeDeposit(raw, common));
  return createTxFromRLP(raw, { common });
}
