import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { RpcReceipt } from '../../chain/receiptView.js';
import { opStackOf } from '../../config/ScheduledCommon.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import { InvalidTransactionRequestError } from '../../errors/InvalidTransactionRequestError.js';
import { SendSyncTimeoutError } from '../../errors/SendSyncTimeoutError.js';
import { TransactionRejectedError } from '../../errors/TransactionRejectedError.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import { impersonate } from '../../execution/impersonatedTransaction.js';
import { type DepositRequestFields, depositOfRequest, type SendRequest } from '../../execution/opStack/DepositRequest.js';
import { DEPOSIT_TRANSACTION_TYPE } from '../../execution/opStack/DepositTransaction.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToHex, type Hex } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { TransactionIntake } from '../../txpool/TransactionIntake.js';
import type { TxPool } from '../../txpool/TxPool.js';
import type { BlockQueries } from '../blocks/BlockQueries.js';
import type { CallQueries } from '../calls/CallQueries.js';
import type { PreconfirmationAnswer } from '../preconfirmations/PreconfirmationAnswer.js';
import type { PreconfirmationQueries } from '../preconfirmations/PreconfirmationQueries.js';
import type { StateQueries } from '../state/StateQueries.js';
import { type SubBlockAnnouncements, submitAndAwaitPreconfirmation } from './awaitPreconfirmation.js';
import { buildDevTransaction } from './buildDevTransaction.js';
import type { NodeAccounts } from './NodeAccounts.js';
import { personalMessageHash } from './personalMessageHash.js';
import { signatureHex } from './signatureHex.js';
import { signDevTransaction } from './signDevTransaction.js';
import { type TransactionStatus, transactionStatus } from './transactionStatus.js';
import { hashTypedData } from './typedData/hashTypedData.js';
import { readTypedData } from './typedData/readTypedData.js';
import { TypedDataError } from './typedData/TypedDataError.js';

const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };

/** What the submission path works with. */
export interface TransactionServiceParts {
  common: Common;
  chainId: bigint;
  intake: Pick<TransactionIntake, 'submit' | 'submitBuilt'>;
  pool: Pick<TxPool, 'get' | 'nextNonce'>;
  views: ViewSource;
  events: SubBlockAnnouncements;
  blocks: BlockQueries;
  state: StateQueries;
  calls: CallQueries;
  /** Who the node signs and sends for: the dev accounts' keys (impersonation extends it, see NodeAccounts). */
  accounts: NodeAccounts;
  /** Addresses eth_sendTransaction may send as without a key (services/dev/Impersonation.ts). */
  impersonation: { isImpersonated(address: Uint8Array): boolean };
  suggestedTip: bigint;
  /** eth_sendRawTransactionSync's default and maximum wait, in ms. */
  sendSync: { defaultTimeoutMs: number; maxTimeoutMs: number };
  /** sequin_sendRawTransactionSync's answer: the proven pre-confirmation (services/preconfirmations). */
  preconfirmations: Pick<PreconfirmationQueries, 'getPreconfirmation'>;
}

/**
 * The write path from RPC: raw transactions into the pool (through the intake, which journals
 * them before answering), eth_send(Raw)TransactionSync's wait for the pre-confirmation, node-side
 * signing (transactions, EIP-191 messages, EIP-712 typed data) for the accounts the node holds
 * keys for ({@link NodeAccounts}), and a transaction's status through its life.
 */
export class TransactionService {
  constructor(private readonly parts: TransactionServiceParts) {}

  sendRawTransaction(raw: Uint8Array): Promise<Hex> {
    return this.parts.intake.submit(raw);
  }

  sendRawTransactionSync(raw: Uint8Array, timeoutMs: number | undefined): Promise<RpcReceipt> {
    return this.submitAndAwait(
      timeoutMs,
      () => this.parts.intake.submit(raw),
      (hash) => this.parts.blocks.getTransactionReceipt(hash),
    );
  }

  /** sequin_sendRawTransactionSync: as eth_sendRawTransactionSync, answered with the proven pre-confirmation (sequin_getPreconfirmation's answer). */
  sendRawTransactionSyncProven(raw: Uint8Array, timeoutMs: number | undefined): Promise<PreconfirmationAnswer> {
    // Its sub-block's commitment comes right after the pre-confirmation (off the tick): waited for within the timeout.
    return this.submitAndAwait(
      timeoutMs,
      () => this.parts.intake.submit(raw),
      (hash, remainingMs) => this.parts.preconfirmations.getPreconfirmation(hash, remainingMs),
    );
  }

  /**
   * eth_sendTransaction: fills the request's blanks, signs it with the sender's key and submits
   * it; for an impersonated address without a key, submits it with Anvil's impersonation
   * signature instead. The node's key wins when it has one: a real signature is valid wherever
   * the transaction goes. On an OP Stack chain a request with deposit fields is a deposit (see
   * {@link sendDeposit}).
   */
  async sendTransaction(request: SendRequest): Promise<Hex> {
    if (request.deposit) return this.sendDeposit(request, request.deposit);
    if (request.from && !this.parts.accounts.authorityFor(request.from) && this.parts.impersonation.isImpersonated(request.from))
      return this.sendUnsignedTransaction(request);
    if (!request.from) throw new InvalidTransactionRequestError({ kind: 'missingFrom' });
    return this.parts.intake.submitBuilt(await this.signRequest(request), request.from, false);
  }

  /** eth_sendUnsignedTransaction (Anvil): fills and submits a transaction as `from`, impersonated whether or not it is. */
  async sendUnsignedTransaction(request: CallRequest): Promise<Hex> {
    if (!request.from) throw new InvalidTransactionRequestError({ kind: 'missingFrom' });
    const transaction = await this.fill(request, request.from);
    return this.parts.intake.submitBuilt(impersonate(transaction, request.from), request.from, true);
  }

  /**
   * A deposit asked for by eth_sendTransaction, built as Anvil's optimism mode builds it: from any
   * `from` (a deposit has no signature, so no key is needed), its gas the request's or estimated at
   * pending with the mint already credited, then submitted as its raw encoding is (the same
   * journal, pool and block path as a deposit sent with eth_sendRawTransaction). An Ethereum chain
   * refuses it for its type, as it refuses the raw bytes.
   */
  private async sendDeposit(request: SendRequest, deposit: DepositRequestFields): Promise<Hex> {
    const { from } = request;
    if (!from) throw new InvalidTransactionRequestError({ kind: 'missingFrom' });
    if (!opStackOf(this.parts.common)) throw new TransactionRejectedError({ kind: 'unsupportedType', type: DEPOSIT_TRANSACTION_TYPE });
    const { deposit: _fields, ...call } = request;
    const minted = new Map([[key(from), { balance: this.parts.state.getBalance(from, PENDING) + deposit.mint }]]);
    // A deposit buys no gas: estimated as a call at price zero.
    const gasLimit =
      request.gas ??
      (await this.parts.calls.estimateGas({ ...call, gasPrice: 0n, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined }, PENDING, { state: minted }));
    return this.parts.intake.submit(depositOfRequest({ ...request, from, deposit }, gasLimit, this.parts.common).serialize());
  }

  /** eth_sendTransactionSync: eth_sendTransaction, answered with the receipt once pre-confirmed (as eth_sendRawTransactionSync). */
  sendTransactionSync(request: SendRequest, timeoutMs: number | undefined): Promise<RpcReceipt> {
    return this.submitAndAwait(
      timeoutMs,
      () => this.sendTransaction(request),
      (hash) => this.parts.blocks.getTransactionReceipt(hash),
    );
  }

  /** eth_signTransaction: the raw transaction eth_sendTransaction would submit, signed, not submitted. */
  async signTransaction(request: CallRequest): Promise<Hex> {
    return bytesToHex((await this.signRequest(request)).serialize());
  }

  /** eth_sign and personal_sign: the EIP-191 signature of `data` ("\x19Ethereum Signed Message:\n" ‖ length ‖ data) by `address`. */
  signMessage(address: Uint8Array, data: Uint8Array): Hex {
    return signatureHex(personalMessageHash(data), this.privateKeyOf(address));
  }

  /** eth_signTypedData_v4: the EIP-712 signature of a typed data document (object or JSON string) by `address`. */
  signTypedData(address: Uint8Array, document: unknown): Hex {
    const privateKey = this.privateKeyOf(address);
    let digest: Uint8Array;
    try {
      digest = hashTypedData(readTypedData(document));
    } catch (error) {
      if (error instanceof TypedDataError) throw new InvalidArgumentError(error.message, 1);
      throw error;
    }
    return signatureHex(digest, privateKey);
  }

  accounts(): Hex[] {
    return this.parts.accounts.addresses();
  }

  transactionStatus(hash: Hex): TransactionStatus {
    return transactionStatus(this.parts.views.current(), this.parts.pool, hash);
  }

  /** The sender's key; geth's "unknown account" when the node holds none for it. */
  private privateKeyOf(address: Uint8Array): Uint8Array {
    return this.keyOf(address).privateKey;
  }

  /** The sender's key pair; geth's "unknown account" when the node holds none for it. */
  private keyOf(address: Uint8Array): { privateKey: Uint8Array; publicKey: Uint8Array } {
    const authority = this.parts.accounts.authorityFor(address);
    if (authority?.kind !== 'key') throw new InvalidTransactionRequestError({ kind: 'unknownAccount' });
    return authority;
  }

  /**
   * The signed transaction for a request, its blanks filled as geth fills them (nonce from the pool, gas
   * estimated at pending). It carries its signer's public key, as ethereumjs caches the one it recovers:
   * executing it (the block, the EVM's own checks) would otherwise recover from the signature the key the
   * node signed with (~0.1 ms of the main thread per transaction).
   */
  private async signRequest(request: CallRequest): Promise<TypedTransaction> {
    if (!request.from) throw new InvalidTransactionRequestError({ kind: 'missingFrom' });
    const { privateKey, publicKey } = this.keyOf(request.from);
    return signDevTransaction(await this.fill(request, request.from, false), privateKey, publicKey);
  }

  /** The unsigned transaction `request` describes, its blanks filled with geth's defaults (unfrozen with `freeze` false, to be signed). */
  private async fill(request: CallRequest, from: Uint8Array, freeze = true) {
    const state = this.parts.state;
    return buildDevTransaction(request, {
      common: this.parts.common,
      chainId: this.parts.chainId,
      nonce: request.nonce ?? this.parts.pool.nextNonce(key(from)),
      gasLimit: request.gas ?? (await this.parts.calls.estimateGas(request, PENDING)),
      baseFeePerGas: this.parts.views.current().open.baseFeePerGas,
      suggestedTip: this.parts.suggestedTip,
      freeze,
      // Only an error's wording reads it: not looked up (a pending-state read) for every send.
      get balance() {
        return state.getBalance(from, PENDING);
      },
    });
  }

  /**
   * Submits (with `submit`) and answers with the receipt (`answer`) as soon as a sub-block pre-confirms it
   * (EIP-7966); past the timeout, code 4 with the hash. A timeout over the maximum is refused
   * before anything is signed or submitted.
   */
  private async submitAndAwait<Answer>(
    timeoutMs: number | undefined,
    submit: () => Promise<Hex>,
    answer: (hash: Hex, remainingMs: number) => Answer | null | Promise<Answer | null>,
  ): Promise<Answer> {
    const { defaultTimeoutMs, maxTimeoutMs } = this.parts.sendSync;
    if (timeoutMs !== undefined && timeoutMs > maxTimeoutMs)
      throw new InvalidArgumentError(`timeout ${timeoutMs} ms exceeds the maximum of ${maxTimeoutMs} ms`, 1);
    const timeout = timeoutMs ?? defaultTimeoutMs;
    const startedAt = Date.now();
    const { hash, preconfirmed } = await submitAndAwaitPreconfirmation({
      submit,
      events: this.parts.events,
      isPreconfirmed: (candidate) => this.parts.views.current().transaction(candidate) !== undefined,
      timeoutMs: timeout,
    });
    const answered = preconfirmed ? await answer(hash, Math.max(0, timeout - (Date.now() - startedAt))) : null;
    if (!answered) throw new SendSyncTimeoutError(hash, timeout);
    return answered;
  }
}

function key(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}
