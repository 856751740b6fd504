import { type Hex, hexToBytes, keccak256, parseTransaction, serializeTransaction, toHex, toRlp } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount, sign } from 'viem/accounts';
import { createChainCommon } from '../config/chainCommon.js';
import type { TxPoolLimits } from '../config/nodeConfig.js';
import { decodeRawTransaction, type StatelessRules } from '../txpool/decodeRawTransaction.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';

/**
 * A transaction factory for tests: deterministic signers, real viem-signed raw transactions,
 * hand-built RLP for payloads viem refuses to sign (tip above fee cap, empty authorization
 * list...), and the decoded pool form. Signing uses viem's JS secp256k1, so sign once per test
 * file when a test needs many transactions.
 */

export const TEST_CHAIN_ID = 31337n;
export const GWEI = 1_000_000_000n;
/** A plain transfer's intrinsic gas. */
export const TRANSFER_GAS = 21_000n;
export const TEST_RECIPIENT: Hex = '0x000000000000000000000000000000000000dead';

/** A test account: its viem account, private key and the pool's key form of its address. */
export interface TestSigner {
  account: PrivateKeyAccount;
  privateKey: Hex;
  /** Unprefixed lower-case address (the StateReader / PoolTransaction.sender form). */
  key: string;
}

/** Signer number `index` (0-based), with private key index + 1: stable across runs. */
export function testSigner(index: number): TestSigner {
  const privateKey = toHex(BigInt(index + 1), { size: 32 });
  const account = privateKeyToAccount(privateKey);
  return { account, privateKey, key: account.address.slice(2).toLowerCase() };
}

/**
 * The chain rules of chain 31337 under Prague (pinned: the pool tests that use them check the block gas
 * limit and init code bounds with gas up to 30M, which Osaka's 2^24 transaction cap would refuse first;
 * Osaka's own checks pass `common: createChainCommon(TEST_CHAIN_ID, 'osaka')`), with a 30M block gas limit
 * and no minimum tip.
 */
export function testRules(overrides: Partial<StatelessRules> = {}): StatelessRules {
  return { common: createChainCommon(TEST_CHAIN_ID, 'prague'), chainId: TEST_CHAIN_ID, blockGasLimit: 30_000_000n, minTip: 0n, ...overrides };
}

/** geth's default pool limits (see TxPoolLimits), overridable per test. */
export function testPoolLimits(overrides: Partial<TxPoolLimits> = {}): TxPoolLimits {
  return { accountSlots: 16, globalSlots: 5120, accountQueue: 64, globalQueue: 1024, priceBump: 10, priceLimit: 0n, ...overrides };
}

/** Fields of a test transaction; anything left out gets a cheap transfer's value. */
export interface TestTxFields {
  type?: 'legacy' | 'eip2930' | 'eip1559' | 'eip7702';
  /** Omitted on a legacy tx only when `unprotected` is set. */
  chainId?: number;
  /** Sign a legacy tx without EIP-155 replay protection (v = 27/28). */
  unprotected?: boolean;
  nonce?: number;
  gas?: bigint;
  /** The fee cap: maxFeePerGas, or gasPrice for legacy / EIP-2930 txs. Default 10 gwei. */
  feeCap?: bigint;
  /** maxPriorityFeePerGas (typed fee-market txs only). Default 1 gwei. */
  tip?: bigint;
  /** `null` for a contract creation. */
  to?: Hex | null;
  value?: bigint;
  data?: Hex;
}

/** Signs a transaction with viem and returns the raw 0x-hex. Type-4 txs get one authorization by the same signer. */
export async function signTestTx(signer: TestSigner, fields: TestTxFields = {}): Promise<Hex> {
  const { account } = signer;
  const type = fields.type ?? 'eip1559';
  const chainId = fields.chainId ?? Number(TEST_CHAIN_ID);
  const nonce = fields.nonce ?? 0;
  const gas = fields.gas ?? TRANSFER_GAS + (type === 'eip7702' ? 25_000n : 0n);
  const feeCap = fields.feeCap ?? 10n * GWEI;
  const tip = fields.tip ?? GWEI;
  const to = fields.to === null ? undefined : (fields.to ?? TEST_RECIPIENT);
  const value = fields.value ?? 0n;
  const data = fields.data;
  switch (type) {
    case 'legacy':
      if (fields.unprotected) return account.signTransaction({ type: 'legacy', nonce, gas, gasPrice: feeCap, to, value, data });
      return account.signTransaction({ type: 'legacy', chainId, nonce, gas, gasPrice: feeCap, to, value, data });
    case 'eip2930':
      return account.signTransaction({ type: 'eip2930', chainId, nonce, gas, gasPrice: feeCap, to, value, data, accessList: [] });
    case 'eip1559':
      return account.signTransaction({ type: 'eip1559', chainId, nonce, gas, maxFeePerGas: feeCap, maxPriorityFeePerGas: tip, to, value, data });
    case 'eip7702': {
      const authorization = await account.signAuthorization({ chainId, nonce: nonce + 1, contractAddress: TEST_RECIPIENT });
      return account.signTransaction({
        type: 'eip7702',
        chainId,
        nonce,
        gas,
        maxFeePerGas: feeCap,
        maxPriorityFeePerGas: tip,
        to,
        value,
        data,
        authorizationList: [authorization],
      });
    }
  }
}

/** An RLP item as viem's toRlp takes it: byte strings or nested lists. */
export type RlpItem = Hex | readonly RlpItem[];

/** An RLP integer: minimal big-endian bytes, empty for zero. */
export function rlpQuantity(value: bigint): Hex {
  return value === 0n ? '0x' : toHex(value);
}

/**
 * Signs hand-built typed-transaction fields (everything before yParity, r, s), for payloads
 * viem refuses to build. `type` is the EIP-2718 type byte.
 */
export async function signTypedFields(signer: TestSigner, type: number, fields: readonly RlpItem[]): Promise<Hex> {
  const prefix = toHex(type, { size: 1 });
  const unsigned = `${prefix}${toRlp(fields as RlpItem[]).slice(2)}` as Hex;
  const signature = await sign({ hash: keccak256(unsigned), privateKey: signer.privateKey });
  const signed = [...fields, rlpQuantity(BigInt(signature.yParity ?? 0)), rlpQuantity(BigInt(signature.r)), rlpQuantity(BigInt(signature.s))];
  return `${prefix}${toRlp(signed as RlpItem[]).slice(2)}` as Hex;
}

/** Re-serializes a signed tx with another signature (to corrupt r, s or yParity). */
export function withSignature(raw: Hex, change: (signature: { r: bigint; s: bigint; yParity: number }) => { r: bigint; s: bigint; yParity: number }): Hex {
  const parsed = parseTransaction(raw);
  const { r, s, yParity } = change({ r: BigInt(parsed.r ?? 0), s: BigInt(parsed.s ?? 0), yParity: parsed.yParity ?? 0 });
  // A legacy tx's v is rebuilt from the parity (and the tx's chain id, when it has one).
  const v = parsed.type === 'legacy' ? 27n + BigInt(yParity) : undefined;
  return serializeTransaction(parsed as Parameters<typeof serializeTransaction>[0], { r: toHex(r, { size: 32 }), s: toHex(s, { size: 32 }), yParity, v });
}

/** Signs a transaction and decodes it as eth_sendRawTransaction would: the pool's input. Throws if decoding refuses it. */
export async function signPoolTx(signer: TestSigner, fields: TestTxFields = {}, rules: StatelessRules = sharedRules()): Promise<PoolTransaction> {
  const decoding = decodeRawTransaction(hexToBytes(await signTestTx(signer, fields)), rules);
  if (!decoding.valid) throw new Error(`test transaction refused: ${decoding.reason.kind}`);
  return decoding.value;
}

let rules: StatelessRules | undefined;
function sharedRules(): StatelessRules {
  rules ??= testRules();
  return rules;
}
