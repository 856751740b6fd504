/**
 * The OP Stack's deposit transaction (EIP-2718 type 0x7E), which @ethereumjs/tx does not have: a
 * transaction derived from L1 (or, on Sequin, from the simulated L1 and from submissions the way Anvil's
 * optimism mode takes them), unsigned, its sender given in its fields.
 *
 *   0x7E ‖ rlp([sourceHash, from, to, mint, value, gas, isSystemTx, data])
 *
 * `to` is empty for a contract creation; `mint` is empty when nothing is minted (a zero mint encodes the
 * same way, as op-geth's `rlp:"nil"` big integer does); `isSystemTx` is a boolean (0x80 / 0x01). The hash
 * is keccak256 of those bytes. This file is the one place deposits are encoded, decoded and hashed (the
 * verifiable pre-confirmations of issue 26 mirror it). Facts from the OP Stack specs (protocol/deposits.md)
 * and op-geth's core/types/deposit_tx.go.
 *
 * It answers the parts of @ethereumjs/tx's transaction interface the node's paths use (type, hash,
 * serialize, sender, gas limit, value, data, to, nonce 0), so records, tries and pools handle it like
 * any other; its execution is the OP Stack's (executeDeposit.ts), never runTx.
 */
import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import type { TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { bigintToBytes, bytesToBigint, bytesToHex, type Hex } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';

export const DEPOSIT_TRANSACTION_TYPE = 0x7e;

/** The fields of a deposit transaction. */
export interface DepositFields {
  sourceHash: Uint8Array;
  from: Uint8Array;
  /** Undefined: a contract creation. */
  to: Uint8Array | undefined;
  /** Wei minted to `from` before execution (0: none). */
  mint: bigint;
  value: bigint;
  gasLimit: bigint;
  isSystemTx: boolean;
  data: Uint8Array;
}

/** A deposit transaction; see the module comment. */
export class DepositTransaction {
  readonly type = DEPOSIT_TRANSACTION_TYPE;
  readonly sourceHash: Uint8Array;
  readonly from: Address;
  readonly to: Address | undefined;
  readonly mint: bigint;
  readonly value: bigint;
  readonly gasLimit: bigint;
  readonly isSystemTx: boolean;
  readonly data: Uint8Array;
  /** Deposits carry no nonce (their receipt has the sender's nonce at execution). */
  readonly nonce = 0n;
  /** No signature. */
  readonly v = undefined;
  readonly r = undefined;
  readonly s = undefined;
  private encoded: Uint8Array | undefined;
  private hashed: Uint8Array | undefined;

  constructor(
    fields: DepositFields,
    /** The chain's Common (kept for code that reads a transaction's chain). */
    readonly common: Common,
  ) {
    if (fields.sourceHash.length !== 32) throw new Error('deposit sourceHash must be 32 bytes');
    this.sourceHash = fields.sourceHash;
    this.from = new Address(fields.from);
    this.to = fields.to === undefined ? undefined : new Address(fields.to);
    this.mint = fields.mint;
    this.value = fields.value;
    this.gasLimit = fields.gasLimit;
    this.isSystemTx = fields.isSystemTx;
    this.data = fields.data;
  }

  /** The EIP-2718 encoding: 0x7E ‖ rlp(fields). */
  serialize(): Uint8Array {
    if (this.encoded === undefined) {
      const body = RLP.encode([
        this.sourceHash,
        this.from.bytes,
        this.to?.bytes ?? new Uint8Array(0),
        bigintToBytes(this.mint),
        bigintToBytes(this.value),
        bigintToBytes(this.gasLimit),
        this.isSystemTx ? Uint8Array.of(1) : new Uint8Array(0),
        this.data,
      ]);
      const out = new Uint8Array(body.length + 1);
      out[0] = DEPOSIT_TRANSACTION_TYPE;
      out.set(body, 1);
      this.encoded = out;
    }
    return this.encoded;
  }

  /** keccak256 of the EIP-2718 encoding. */
  hash(): Uint8Array {
    this.hashed ??= keccak256(this.serialize());
    return this.hashed;
  }

  getSenderAddress(): Address {
    return this.from;
  }

  /** Deposits are never checked for a signature; the node treats them as signed by `from`. */
  isSigned(): boolean {
    return true;
  }

  /** No EIP capability (access lists, EIP-1559 fees …) applies to a deposit. */
  supports(): boolean {
    return false;
  }

  /** The JSON-RPC fields a deposit adds (op-geth's RPCTransaction); `from`, `hash` and the rest come from the caller. */
  depositFields(): { sourceHash: Hex; mint: Hex; isSystemTx?: true } {
    return {
      sourceHash: bytesToHex(this.sourceHash),
      mint: `0x${this.mint.toString(16)}`,
      // op-geth includes it only when true.
      ...(this.isSystemTx ? { isSystemTx: true as const } : {}),
    };
  }

  toJSON(): Record<string, unknown> {
    return {
      type: '0x7e',
      sourceHash: bytesToHex(this.sourceHash),
      from: this.from.toString(),
      to: this.to?.toString(),
      mint: `0x${this.mint.toString(16)}`,
      value: `0x${this.value.toString(16)}`,
      gas: `0x${this.gasLimit.toString(16)}`,
      isSystemTx: this.isSystemTx,
      input: bytesToHex(this.data),
    };
  }
}

/** True when `transaction` is a deposit (type 0x7E). */
export function isDeposit(transaction: { type: number }): boolean {
  return transaction.type === DEPOSIT_TRANSACTION_TYPE;
}

/** `transaction` as a deposit, or undefined when it is not one. */
export function depositOf(transaction: object): DepositTransaction | undefined {
  return transaction instanceof DepositTransaction ? transaction : undefined;
}

/** A deposit as the node's transaction type: the paths that take any transaction take it too. */
export function asTransaction(deposit: DepositTransaction): TypedTransaction {
  return deposit as unknown as TypedTransaction;
}

/**
 * Decodes a deposit from its EIP-2718 encoding. Throws with what is wrong (op-geth's RLP decoding of
 * `types.DepositTx` would refuse the same bytes).
 */
export function decodeDeposit(raw: Uint8Array, common: Common): DepositTransaction {
  if (raw[0] !== DEPOSIT_TRANSACTION_TYPE) throw new Error('not a deposit transaction (type 0x7e)');
  const decoded = RLP.decode(raw.subarray(1));
  if (!Array.isArray(decoded)) throw new Error('rlp: expected input list for types.DepositTx');
  if (decoded.length !== 8) throw new Error(`rlp: deposit transaction has ${decoded.length} fields, want 8`);
  const fields = decoded as unknown[];
  const bytes = (index: number, name: string): Uint8Array => {
    const field = fields[index];
    if (!(field instanceof Uint8Array)) throw new Error(`rlp: expected input string or byte for ${name}, decoding into (types.DepositTx).${name}`);
    return field;
  };
  const sourceHash = bytes(0, 'SourceHash');
  const from = bytes(1, 'From');
  const to = bytes(2, 'To');
  if (sourceHash.length !== 32) throw new Error('rlp: input string too short for common.Hash, decoding into (types.DepositTx).SourceHash');
  if (from.length !== 20) throw new Error('rlp: input string too short for common.Address, decoding into (types.DepositTx).From');
  if (to.length !== 0 && to.length !== 20) throw new Error('rlp: input string too short for common.Address, decoding into (types.DepositTx).To');
  const system = bytes(6, 'IsSystemTransaction');
  if (system.length > 1 || (system.length === 1 && system[0] !== 1))
    throw new Error('rlp: invalid boolean value, decoding into (types.DepositTx).IsSystemTransaction');
  const gas = bytes(5, 'Gas');
  if (gas.length > 8) throw new Error('rlp: input string too long for uint64, decoding into (types.DepositTx).Gas');
  const deposit = new DepositTransaction(
    {
      sourceHash,
      from,
      to: to.length === 0 ? undefined : to,
      mint: bytesToBigint(bytes(3, 'Mint')),
      value: bytesToBigint(bytes(4, 'Value')),
      gasLimit: bytesToBigint(gas),
      isSystemTx: system.length === 1,
      data: bytes(7, 'Data'),
    },
    common,
  );
  return deposit;
}
