import type { Common } from '@ethereumjs/common';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import { InvalidTransactionRequestError } from '../../errors/InvalidTransactionRequestError.js';
import { SendSyncTimeoutError } from '../../errors/SendSyncTimeoutError.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import { impersonate } from '../../execution/impersonatedTransaction.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { Hex } from '../../primitives/hex.js';
import type { JsonObject } from '../../primitives/JsonObject.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { TransactionIntake } from '../../txpool/TransactionIntake.js';
import type { TxPool } from '../../txpool/TxPool.js';
import type { BlockQueries } from '../blocks/BlockQueries.js';
import type { CallQueries } from '../calls/CallQueries.js';
import type { StateQueries } from '../state/StateQueries.js';
import { type SubBlockAnnouncements, submitAndAwaitPreconfirmation } from './awaitPreconfirmation.js';
import { buildDevTransaction } from './buildDevTransaction.js';
import { type TransactionStatus, transactionStatus } from './transactionStatus.js';

const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };

/** What the submission path works with. */
export interface TransactionServiceParts {
  common: Common;
  chainId: bigint;
  intake: Pick<TransactionIntake, 'submit' | 'submitImpersonated'>;
  pool: Pick<TxPool, 'get' | 'nextNonce'>;
  views: ViewSource;
  events: SubBlockAnnouncements;
  blocks: BlockQueries;
  state: StateQueries;
  calls: CallQueries;
  /** The dev accounts' private keys by unprefixed lower-case address. */
  devKeys: Map<string, Uint8Array>;
  /** Addresses eth_sendTransaction may send as without a key (services/dev/Impersonation.ts). */
  impersonation: { isImpersonated(address: Uint8Array): boolean };
  suggestedTip: bigint;
  /** eth_sendRawTransactionSync's default and maximum wait, in ms. */
  sendSync: { defaultTimeoutMs: number; maxTimeoutMs: number };
}

/**
 * The write path from RPC: raw transactions into the pool (through the intake, which journals
 * them before answering), eth_sendRawTransactionSync's wait for the pre-confirmation, node-side
 * signing for the dev accounts, and a transaction's status through its life.
 */
export class TransactionService {
  constructor(private readonly parts: TransactionServiceParts) {}

  sendRawTransaction(raw: Uint8Array): Promise<Hex> {
    return this.parts.intake.submit(raw);
  }

  async sendRawTransactionSync(raw: Uint8Array, timeoutMs: number | undefined): Promise<JsonObject> {
    const { defaultTimeoutMs, maxTimeoutMs } = this.parts.sendSync;
    if (timeoutMs !== undefined && timeoutMs > maxTimeoutMs)
      throw new InvalidArgumentError(`timeout ${timeoutMs} ms exceeds the maximum of ${maxTimeoutMs} ms`, 1);
    const timeout = timeoutMs ?? defaultTimeoutMs;
    const { hash, preconfirmed } = await submitAndAwaitPreconfirmation({
      submit: () => this.parts.intake.submit(raw),
      events: this.parts.events,
      isPreconfirmed: (candidate) => this.parts.views.current().transaction(candidate) !== undefined,
      timeoutMs: timeout,
    });
    const receipt = preconfirmed ? this.parts.blocks.getTransactionReceipt(hash) : null;
    if (!receipt) throw new SendSyncTimeoutError(hash, timeout);
    return receipt;
  }

  /**
   * Fills and submits a transaction from a dev account (signed with its key) or from an
   * impersonated address (Anvil's zero signature, execution/impersonatedTransaction.ts). The
   * node's key wins when it has one: a real signature is valid wherever the transaction goes.
   */
  async sendTransaction(request: CallRequest): Promise<Hex> {
    if (!request.from) throw new InvalidTransactionRequestError({ kind: 'missingFrom' });
    const privateKey = this.parts.devKeys.get(key(request.from));
    if (!privateKey) {
      if (this.parts.impersonation.isImpersonated(request.from)) return this.sendUnsignedTransaction(request);
      throw new InvalidTransactionRequestError({ kind: 'unknownAccount' });
    }
    const transaction = await this.fill(request, request.from);
    return this.parts.intake.submit(transaction.sign(privateKey).serialize());
  }

  /** eth_sendUnsignedTransaction (Anvil): fills and submits a transaction as `from`, impersonated whether or not it is. */
  async sendUnsignedTransaction(request: CallRequest): Promise<Hex> {
    if (!request.from) throw new InvalidTransactionRequestError({ kind: 'missingFrom' });
    const transaction = await this.fill(request, request.from);
    return this.parts.intake.submitImpersonated(impersonate(transaction, request.from), request.from);
  }

  /** The unsigned transaction `request` describes, its blanks filled with geth's defaults. */
  private async fill(request: CallRequest, from: Uint8Array) {
    return buildDevTransaction(request, {
      common: this.parts.common,
      chainId: this.parts.chainId,
      nonce: request.nonce ?? this.parts.pool.nextNonce(key(from)),
      gasLimit: request.gas ?? (await this.parts.calls.estimateGas(request, PENDING)),
      baseFeePerGas: this.parts.views.current().open.baseFeePerGas,
      suggestedTip: this.parts.suggestedTip,
      balance: this.parts.state.getBalance(from, PENDING),
    });
  }

  accounts(): Hex[] {
    return [...this.parts.devKeys.keys()].map((address) => `0x${address}` as Hex);
  }

  transactionStatus(hash: Hex): TransactionStatus {
    return transactionStatus(this.parts.views.current(), this.parts.pool, hash);
  }
}

function key(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}
