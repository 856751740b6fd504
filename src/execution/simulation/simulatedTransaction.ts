import type { Common } from '@ethereumjs/common';
import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { SimulationError } from '../../errors/SimulationError.js';
import { bigintToBytes, bytesToHex } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';
import type { SimulatedCall } from './SimulationRequest.js';

/** EIP-2681: the highest nonce, which no transaction may use for real (geth simulates it without validation). */
const MAX_NONCE = 2n ** 64n - 1n;

/** What the state transition charges and checks for a call (geth's core.Message fee fields). */
export interface SimulatedMessage {
  from: Uint8Array;
  nonce: bigint;
  gas: bigint;
  value: bigint;
  /** The fee cap; for a legacy call, its gas price. */
  feeCap: bigint;
  tip: bigint;
  /** The price per gas paid: min(tip + base fee, fee cap), or 0 when the fees are all zero. */
  gasPrice: bigint;
  blobFeeCap: bigint;
  blobCount: number;
}

/**
 * The unsigned transaction eth_simulateV1 makes of a call, as geth's `CallDefaults` and
 * `ToTransaction(DynamicFeeTxType)` do: the chain id, nonce and gas given or defaulted, absent
 * fees as zero; type 4 with an authorization list, 3 with blob hashes, 0 with a gas price (1 if it
 * also has an access list: geth would drop the list from the transaction but still use it), else 2.
 * It is unsigned, which encodes as geth's zero signature (hash it with {@link simulatedTransactionHash});
 * its sender is the call's `from`. `baseFee` is undefined before London.
 */
export function simulatedTransaction(
  common: Common,
  call: SimulatedCall,
  defaults: { nonce: bigint; gas: bigint; baseFee: bigint | undefined },
): { transaction: TypedTransaction; message: SimulatedMessage } {
  if (call.gasPrice !== undefined && (call.maxFeePerGas !== undefined || call.maxPriorityFeePerGas !== undefined)) {
    throw new SimulationError({ kind: 'mixedFeeFields' });
  }
  const chainId = common.chainId();
  if (call.chainId !== undefined && call.chainId !== chainId) throw new SimulationError({ kind: 'chainIdMismatch', have: call.chainId, want: chainId });
  const from = call.from ?? new Uint8Array(20);
  const nonce = call.nonce ?? defaults.nonce;
  const gas = defaults.gas;
  const value = call.value ?? 0n;
  const legacy = call.gasPrice !== undefined || defaults.baseFee === undefined;
  const gasPrice = call.gasPrice ?? 0n;
  const feeCap = legacy ? gasPrice : (call.maxFeePerGas ?? 0n);
  const tip = legacy ? gasPrice : (call.maxPriorityFeePerGas ?? 0n);
  let paid = feeCap;
  if (!legacy && defaults.baseFee !== undefined) {
    paid = feeCap === 0n && tip === 0n ? 0n : tip + defaults.baseFee < feeCap ? tip + defaults.baseFee : feeCap;
  }
  // Unsigned: v, r and s encode as empty strings, exactly as geth's zero signature does.
  // @ethereumjs/tx refuses EIP-2681's last nonce (2^64 - 1) and, under Osaka, a gas limit above
  // EIP-7825's cap; geth simulates both (it skips those checks in calls): they are set after.
  const base = { nonce: nonce < MAX_NONCE ? nonce : 0n, gasLimit: 0n, to: call.to ?? undefined, value, data: call.data ?? new Uint8Array(0) };
  const accessList = (call.accessList ?? []).map((item) => [item.address, item.storageKeys] as [Uint8Array, Uint8Array[]]);
  const fees = { maxFeePerGas: feeCap, maxPriorityFeePerGas: tip, chainId, accessList };
  // Init code size is checked with geth's error (checkMessage), not @ethereumjs's.
  const options = { common, freeze: false, allowUnlimitedInitCodeSize: true };
  let transaction: TypedTransaction;
  if (call.authorizationList !== undefined && !legacy) {
    const authorizationList = call.authorizationList.map((item) => ({
      chainId: bytesToHex(bigintToBytes(item.chainId)),
      address: bytesToHex(item.address),
      nonce: bytesToHex(bigintToBytes(item.nonce)),
      yParity: bytesToHex(bigintToBytes(BigInt(item.yParity))),
      r: bytesToHex(bigintToBytes(item.r)),
      s: bytesToHex(bigintToBytes(item.s)),
    }));
    transaction = createTx({ ...base, ...fees, type: 4, authorizationList }, options);
  } else if (call.blobVersionedHashes !== undefined && !legacy) {
    transaction = createTx(
      {
        ...base,
        ...fees,
        type: 3,
        maxFeePerBlobGas: call.maxFeePerBlobGas ?? 0n,
        blobVersionedHashes: call.blobVersionedHashes.map((hash) => bytesToHex(hash)),
      },
      options,
    );
  } else if (!legacy) transaction = createTx({ ...base, ...fees, type: 2 }, options);
  else if (call.accessList !== undefined) transaction = createTx({ ...base, type: 1, gasPrice, chainId, accessList }, options);
  else transaction = createTx({ ...base, type: 0, gasPrice }, options);
  if (nonce >= MAX_NONCE) (transaction as { nonce: bigint }).nonce = nonce;
  (transaction as { gasLimit: bigint }).gasLimit = gas;
  const sender = new Address(from);
  (transaction as { getSenderAddress: () => Address }).getSenderAddress = () => sender;
  return {
    transaction,
    message: {
      from,
      nonce,
      gas,
      value,
      feeCap,
      tip,
      gasPrice: paid,
      blobFeeCap: call.maxFeePerBlobGas ?? 0n,
      blobCount: call.blobVersionedHashes?.length ?? 0,
    },
  };
}

/** The hash of an unsigned simulated transaction: keccak256 of its encoding with a zero signature (geth's). */
export function simulatedTransactionHash(transaction: TypedTransaction): Uint8Array {
  return keccak256(transaction.serialize());
}
