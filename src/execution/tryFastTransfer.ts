import { Capability, type TypedTransaction } from '@ethereumjs/tx';
import { Account, Address } from '@ethereumjs/util';
import { TRANSFER_GAS } from './estimateGas.js';
import { type ExecutedTransaction, effectiveGasPrice } from './executeTransaction.js';
import type { FlatStateManager } from './FlatStateManager.js';
import { EMPTY_CODE_HASH } from './StateReader.js';
import { senderAddressOf } from './senderAddressOf.js';

const EMPTY_BLOOM = new Uint8Array(256);

/**
 * Applies a plain value transfer (type 0/1/2, no data, no access list, between accounts without
 * code) straight to the flat state, with exactly the effects @ethereumjs/vm's runTx has:
 * nonce + 1, 21,000 gas at the effective price, the tip to the coinbase, EIP-161 removal of
 * touched empty accounts. Why: it is most of the traffic, and runTx spends ~55 µs on
 * journaling, warm sets and fee bookkeeping for what is three balance updates here.
 *
 * Returns undefined when the transaction is not such a transfer (the caller runs the EVM);
 * throws, changing nothing, when runTx would reject it (nonce, fee cap, funds).
 * Equivalence with runTx is property-tested in tryFastTransfer.test.ts, and sealed blocks are
 * replayed on a stock VM in the sequencer tests.
 */
export async function tryFastTransfer(
  state: FlatStateManager,
  environment: { baseFeePerGas: bigint; coinbase: Uint8Array },
  transaction: TypedTransaction,
  blockGasUsed: bigint,
): Promise<ExecutedTransaction | undefined> {
  if (!isPlainTransferShape(transaction)) return undefined;
  const to = transaction.to!;
  const from = senderAddressOf(transaction);
  const recipientBefore = await state.getAccount(to);
  if (recipientBefore && hasCode(recipientBefore)) return undefined;
  const sender = (await state.getAccount(from)) ?? new Account();
  if (hasCode(sender)) return undefined;

  const { baseFeePerGas } = environment;
  const feeCap = 'maxFeePerGas' in transaction ? transaction.maxFeePerGas : (transaction as { gasPrice: bigint }).gasPrice;
  if (sender.nonce !== transaction.nonce) throw new Error(`invalid nonce: tx has nonce ${transaction.nonce}, account has nonce ${sender.nonce}`);
  if (feeCap < baseFeePerGas) throw new Error(`fee cap ${feeCap} is less than the block's base fee ${baseFeePerGas}`);
  const maxCost = transaction.gasLimit * feeCap + transaction.value;
  if (sender.balance < maxCost) throw new Error(`sender doesn't have enough funds to send tx: balance ${sender.balance}, max cost ${maxCost}`);

  const price = effectiveGasPrice(transaction, baseFeePerGas);
  sender.nonce += 1n;
  sender.balance -= TRANSFER_GAS * price + transaction.value;
  await state.putAccount(from, sender);

  const recipient = await state.getAccount(to);
  if (recipient) {
    recipient.balance += transaction.value;
    await putOrRemoveIfEmpty(state, to, recipient);
  } else if (transaction.value > 0n) {
    await state.putAccount(to, new Account(0n, transaction.value));
  }

  const tip = TRANSFER_GAS * (price - baseFeePerGas);
  const coinbase = new Address(environment.coinbase);
  const miner = await state.getAccount(coinbase);
  if (tip > 0n) await state.putAccount(coinbase, new Account(miner?.nonce ?? 0n, (miner?.balance ?? 0n) + tip, miner?.storageRoot, miner?.codeHash));
  else if (miner) await putOrRemoveIfEmpty(state, coinbase, miner);

  return {
    transaction,
    gasUsed: TRANSFER_GAS,
    cumulativeGasUsed: blockGasUsed + TRANSFER_GAS,
    success: true,
    logs: [],
    bloom: EMPTY_BLOOM,
    contractAddress: undefined,
    effectiveGasPrice: price,
  };
}

function isPlainTransferShape(transaction: TypedTransaction): boolean {
  if (transaction.type > 2 || transaction.to === undefined || transaction.data.length > 0) return false;
  if (transaction.supports(Capability.EIP2930AccessLists) && (transaction as unknown as { accessList: unknown[] }).accessList.length > 0) return false;
  // Low addresses are (or may become) precompiles, which execute code without having any.
  const to = transaction.to.bytes;
  for (let i = 0; i < 18; i++) if (to[i] !== 0) return true;
  return false;
}

function hasCode(account: Account): boolean {
  return Buffer.from(account.codeHash).toString('hex') !== EMPTY_CODE_HASH;
}

/** EIP-161: an account touched by a transaction is removed when it ends up empty. */
async function putOrRemoveIfEmpty(state: FlatStateManager, address: Address, account: Account): Promise<void> {
  if (account.isEmpty()) await state.deleteAccount(address);
  else await state.putAccount(address, account);
}
