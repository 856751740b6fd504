import { createTxFromRLP } from '@ethereumjs/tx';
import { fromRlp, type Hex, hexToBytes, keccak256, toHex, toRlp } from 'viem';
import { describe, expect, it } from 'vitest';
import { createChainCommon } from '../config/chainCommon.js';
import { commonOfChain } from '../config/commonOfChain.js';
import { TransactionRejectedError } from '../errors/TransactionRejectedError.js';
import type { TransactionRejection } from '../errors/TransactionRejection.js';
import { senderAddressOf } from '../execution/senderAddressOf.js';
import { SECP256K1_ORDER } from '../primitives/secp256k1.js';
import { ErrorCodes } from '../rpc/errors/errorCodes.js';
import { TxErrorMessage } from '../rpc/errors/TxErrorMessage.js';
import { onTheWire } from '../testing/onTheWire.js';
import {
  GWEI,
  rlpQuantity,
  signTestTx,
  signTypedFields,
  TEST_CHAIN_ID,
  TEST_RECIPIENT,
  type TestTxFields,
  TRANSFER_GAS,
  testRules,
  testSigner,
  withSignature,
} from '../testing/signedTransactions.js';
import { decodeRawTransaction, MAX_TRANSACTION_BYTES, type StatelessRules } from './decodeRawTransaction.js';
import { MAX_INITCODE_BYTES } from './precheckRawFields.js';

const rules = testRules();
const signer = testSigner(0);

/** Decodes `raw`; fails the test when decoding refuses it. */
function decode(raw: Hex, withRules: StatelessRules = rules) {
  const outcome = decodeRawTransaction(hexToBytes(raw), withRules);
  if (!outcome.valid) throw new Error(`transaction was refused: ${outcome.reason.kind}`);
  return outcome.value;
}

/** The reason decoding refuses `raw`; fails the test when the tx is accepted. */
function rejectionOf(raw: Hex, withRules: StatelessRules = rules): TransactionRejection {
  const outcome = decodeRawTransaction(hexToBytes(raw), withRules);
  if (outcome.valid) throw new Error('transaction was accepted');
  return outcome.reason;
}

/** Hand-built type-2 fields: chainId, nonce, tip, feeCap, gas, to, value, data, accessList. */
function feeMarketFields(fields: { tip?: bigint; feeCap?: bigint; gas?: bigint; to?: Hex; data?: Hex }) {
  return [
    rlpQuantity(TEST_CHAIN_ID),
    '0x',
    rlpQuantity(fields.tip ?? GWEI),
    rlpQuantity(fields.feeCap ?? 10n * GWEI),
    rlpQuantity(fields.gas ?? 21_000n),
    fields.to ?? TEST_RECIPIENT,
    '0x',
    fields.data ?? '0x',
    [],
  ] as const;
}

/** Hand-built type-4 fields: the type-2 fields plus an authorization list. */
function setCodeFields(fields: { to?: Hex; authorizations: readonly (readonly Hex[])[] }) {
  return [...feeMarketFields({ gas: 100_000n, to: fields.to }), fields.authorizations] as const;
}
const someAuthorization = [rlpQuantity(TEST_CHAIN_ID), TEST_RECIPIENT, '0x', '0x01', toHex(1n, { size: 32 }), toHex(2n, { size: 32 })] as const;

const SECP256K1_P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  base %= modulus;
  for (; exponent > 0n; exponent >>= 1n, base = (base * base) % modulus) if (exponent & 1n) result = (result * base) % modulus;
  return result;
}
/** True when no curve point has this x (x³ + 7 is not a square mod p), so no key can be recovered. */
function isOffCurve(x: bigint): boolean {
  return modPow((x ** 3n + 7n) % SECP256K1_P, (SECP256K1_P - 1n) / 2n, SECP256K1_P) === SECP256K1_P - 1n;
}
/** r with one byte flipped, the first flip (from the low byte up) that lands off the curve. */
function flipByteOffCurve(r: bigint): bigint {
  for (let byte = 0n; byte < 32n; byte++) {
    const flipped = r ^ (0xffn << (8n * byte));
    if (isOffCurve(flipped)) return flipped;
  }
  throw new Error('no single-byte flip of r lands off the curve');
}

describe('decodeRawTransaction accepts', () => {
  const cases: Array<{ name: string; fields: TestTxFields; type: number; feeCap: bigint; tip: bigint }> = [
    { name: 'legacy with EIP-155', fields: { type: 'legacy', feeCap: 3n * GWEI, value: 5n }, type: 0, feeCap: 3n * GWEI, tip: 3n * GWEI },
    { name: 'EIP-2930 access list', fields: { type: 'eip2930', feeCap: 3n * GWEI }, type: 1, feeCap: 3n * GWEI, tip: 3n * GWEI },
    { name: 'EIP-1559 fee market', fields: { type: 'eip1559', feeCap: 7n * GWEI, tip: 2n * GWEI, nonce: 4 }, type: 2, feeCap: 7n * GWEI, tip: 2n * GWEI },
    { name: 'EIP-7702 set code', fields: { type: 'eip7702', feeCap: 7n * GWEI, tip: 2n * GWEI }, type: 4, feeCap: 7n * GWEI, tip: 2n * GWEI },
    { name: 'tip equal to fee cap', fields: { feeCap: GWEI, tip: GWEI }, type: 2, feeCap: GWEI, tip: GWEI },
    { name: 'gas exactly the block gas limit', fields: { gas: 30_000_000n }, type: 2, feeCap: 10n * GWEI, tip: GWEI },
    // 100 non-zero bytes: 25,000 under the EIP-7623 floor (21,000 + 10 · 4 · 100), 22,600 before it.
    { name: 'gas exactly the EIP-7623 calldata floor', fields: { gas: 25_000n, data: `0x${'ff'.repeat(100)}` }, type: 2, feeCap: 10n * GWEI, tip: GWEI },
    {
      name: 'init code exactly 49152 bytes',
      fields: { to: null, gas: 29_000_000n, data: `0x${'00'.repeat(MAX_INITCODE_BYTES)}` },
      type: 2,
      feeCap: 10n * GWEI,
      tip: GWEI,
    },
  ];

  it.each(cases)('$name', async ({ fields, type, feeCap, tip }) => {
    const raw = await signTestTx(signer, fields);
    const decoded = decode(raw);
    // signTestTx's default gas: a transfer, plus 25,000 for the one authorization of a type-4 tx.
    const gas = fields.gas ?? (type === 4 ? TRANSFER_GAS + 25_000n : TRANSFER_GAS);
    expect(decoded).toMatchObject({ sender: signer.key, hash: keccak256(raw), nonce: BigInt(fields.nonce ?? 0), feeCap, tip });
    expect(decoded.transaction.type).toBe(type);
    expect(decoded.raw).toEqual(hexToBytes(raw));
    expect(decoded.gasLimit).toBe(gas);
    expect(decoded.cost).toBe(gas * feeCap + (fields.value ?? 0n));
  });

  // The pool cuts a typed transaction's signed hash from its bytes and fills ethereumjs's caches itself
  // (hash, public key) instead of re-encoding it: what later readers of the transaction get must be what
  // ethereumjs computes from the same bytes on its own.
  it.each(cases)('$name: hash, public key and sender as ethereumjs computes them from the bytes', async ({ fields }) => {
    const raw = await signTestTx(signer, fields);
    const { transaction } = decode(raw);
    const fresh = createTxFromRLP(hexToBytes(raw), { common: rules.common });
    expect(toHex(transaction.hash())).toBe(toHex(fresh.hash()));
    expect(toHex(transaction.getSenderPublicKey())).toBe(toHex(fresh.getSenderPublicKey()));
    expect(senderAddressOf(transaction).toString()).toBe(fresh.getSenderAddress().toString());
  });

  it("refuses a chain id with a leading zero byte with geth's RLP error (ethereumjs would check a re-encoding that differs from the bytes signed)", async () => {
    const [, ...rest] = feeMarketFields({});
    const raw = await signTypedFields(signer, 2, [`0x00${rlpQuantity(TEST_CHAIN_ID).slice(2)}`, ...rest]);
    expect(rejectionOf(raw)).toEqual({
      kind: 'malformedEncoding',
      detail: 'rlp: non-canonical integer (leading zero bytes) for *big.Int, decoding into (types.DynamicFeeTx).ChainID',
    });
  });

  it('accepts a tip equal to the minimum tip', async () => {
    expect(decode(await signTestTx(signer, { tip: 2n * GWEI }), testRules({ minTip: 2n * GWEI })).tip).toBe(2n * GWEI);
  });

  it('recovers some other sender from a signature with a flipped byte that stays on the curve', async () => {
    // Not detectable statelessly: the tx is valid, only from a stranger (who then has no funds).
    const raw = withSignature(await signTestTx(signer), (signature) => ({ ...signature, s: signature.s ^ 0xffn }));
    const decoded = decode(raw);
    expect(decoded.sender).toMatch(/^[0-9a-f]{40}$/);
    expect(decoded.sender).not.toBe(signer.key);
  });
});

describe('decodeRawTransaction rejects', () => {
  const server = ErrorCodes.server.code;
  const invalidParams = ErrorCodes.invalidParams.code;
  const cases: Array<{ name: string; build: () => Promise<Hex> | Hex; rules?: StatelessRules; code: number; message: string | RegExp }> = [
    // Malformed bytes: -32602, naming the problem.
    { name: 'empty bytes', build: () => '0x', code: invalidParams, message: 'invalid argument 0: empty transaction data' },
    { name: 'garbage bytes', build: () => '0xdeadbeef', code: invalidParams, message: /^invalid argument 0: invalid transaction encoding: invalid RLP/ },
    {
      name: 'a truncated transaction',
      build: async () => (await signTestTx(signer)).slice(0, -10) as Hex,
      code: invalidParams,
      message: /^invalid argument 0: invalid transaction encoding: invalid RLP: total length is larger than the data$/,
    },
    {
      name: 'trailing bytes after the transaction',
      build: async () => `${await signTestTx(signer)}00`,
      code: invalidParams,
      message: /^invalid argument 0: invalid transaction encoding: invalid RLP: remainder must be zero$/,
    },
    { name: 'a typed payload that is not a list', build: () => '0x0281ff', code: invalidParams, message: 'invalid argument 0: transaction is not an RLP list' },
    { name: 'an empty RLP list', build: () => '0xc0', code: invalidParams, message: /^invalid argument 0: invalid transaction encoding: Invalid transaction/ },
    // A malformed access list reached ethereumjs, which failed with a JavaScript TypeError (issue 10).
    {
      name: 'an access list that is bytes, not a list',
      build: () => signTypedFields(signer, 2, [...feeMarketFields({}).slice(0, 8), '0x33']),
      code: invalidParams,
      message: 'invalid argument 0: invalid transaction encoding: rlp: expected input list for types.AccessList, decoding into (types.DynamicFeeTx).AccessList',
    },
    {
      name: 'an access list entry that is bytes, not an [address, keys] list',
      build: () => signTypedFields(signer, 2, [...feeMarketFields({}).slice(0, 8), [[TEST_RECIPIENT, []], '0x0102']]),
      code: invalidParams,
      message:
        'invalid argument 0: invalid transaction encoding: rlp: expected input list for types.AccessTuple, decoding into (types.DynamicFeeTx).AccessList[1]',
    },

    // Types.
    { name: 'a type-3 blob payload', build: () => '0x03f8c0aabbcc', code: server, message: TxErrorMessage.blobTxNotSupported },
    {
      name: 'a blob tx in its network form (one 128 KiB blob: over the size limit)',
      build: () => networkFormBlobTransaction(),
      code: server,
      message: TxErrorMessage.blobTxNotSupported,
    },
    { name: 'an unknown type', build: () => '0x05c0', code: server, message: TxErrorMessage.txTypeNotSupported },

    // Chain id and replay protection.
    {
      name: 'an unprotected legacy tx (v = 27/28)',
      build: () => signTestTx(signer, { type: 'legacy', unprotected: true }),
      code: server,
      message: TxErrorMessage.unprotectedTx,
    },
    {
      name: 'a typed tx for another chain',
      build: () => signTestTx(signer, { chainId: 1 }),
      code: server,
      message: 'invalid chain id for signer: have 1 want 31337',
    },
    {
      name: 'a legacy tx for another chain',
      build: () => signTestTx(signer, { type: 'legacy', chainId: 5 }),
      code: server,
      message: 'invalid chain id for signer: have 5 want 31337',
    },

    // Fees.
    {
      name: 'tip above fee cap',
      build: () => signTypedFields(signer, 2, feeMarketFields({ tip: 5n, feeCap: 4n })),
      code: server,
      message: /^max priority fee per gas higher than max fee per gas/,
    },
    {
      name: 'fee cap above 2^256-1',
      build: () => signTypedFields(signer, 2, feeMarketFields({ feeCap: 2n ** 256n })),
      code: server,
      message: TxErrorMessage.feeCapVeryHigh,
    },
    {
      name: 'tip below the minimum tip',
      build: () => signTestTx(signer, { tip: GWEI }),
      rules: testRules({ minTip: 2n * GWEI }),
      code: server,
      message: 'transaction underpriced: gas tip cap 1000000000, minimum needed 2000000000',
    },

    // Gas.
    {
      name: 'gas below a transfer’s 21000',
      build: () => signTestTx(signer, { gas: 20_999n }),
      code: server,
      message: 'intrinsic gas too low: gas 20999, minimum needed 21000',
    },
    {
      name: 'gas covering calldata but not the EIP-7623 floor',
      build: () => signTestTx(signer, { gas: 22_600n, data: `0x${'ff'.repeat(100)}` }),
      code: server,
      message: 'intrinsic gas too low: gas 22600, minimum needed 25000',
    },
    {
      // 21,000 + 32,000 (creation) + 16 · 100 (calldata) + 2 · 4 (init-code words).
      name: 'gas below a creation’s intrinsic gas',
      build: () => signTestTx(signer, { to: null, gas: 54_607n, data: `0x${'ff'.repeat(100)}` }),
      code: server,
      message: 'intrinsic gas too low: gas 54607, minimum needed 54608',
    },
    {
      name: 'gas below 25000 per authorization',
      build: () => signTestTx(signer, { type: 'eip7702', gas: 21_000n }),
      code: server,
      message: 'intrinsic gas too low: gas 21000, minimum needed 46000',
    },
    { name: 'gas above the block gas limit', build: () => signTestTx(signer, { gas: 30_000_001n }), code: server, message: TxErrorMessage.gasLimitExceeded },

    // Sizes.
    {
      name: 'more than 128 KiB',
      build: () => signTestTx(signer, { gas: 29_000_000n, data: `0x${'00'.repeat(MAX_TRANSACTION_BYTES)}` }),
      code: server,
      message: /^oversized data: transaction size 1311\d\d, limit 131072$/,
    },
    {
      name: 'init code over 49152 bytes',
      build: () => signTestTx(signer, { to: null, gas: 29_000_000n, data: `0x${'00'.repeat(MAX_INITCODE_BYTES + 1)}` }),
      code: server,
      message: 'max initcode size exceeded: code size 49153, limit 49152',
    },

    // EIP-7702 shape.
    {
      name: 'a set-code tx creating a contract',
      build: () => signTypedFields(signer, 4, setCodeFields({ to: '0x', authorizations: [someAuthorization] })),
      code: server,
      message: TxErrorMessage.setCodeTxCreate,
    },
    {
      name: 'a set-code tx with no authorizations',
      build: () => signTypedFields(signer, 4, setCodeFields({ authorizations: [] })),
      code: server,
      message: TxErrorMessage.emptyAuthorizationList,
    },

    // Signatures.
    {
      name: 'r = 0',
      build: async () => withSignature(await signTestTx(signer), (sig) => ({ ...sig, r: 0n })),
      code: server,
      message: TxErrorMessage.invalidSender,
    },
    {
      name: 's = 0',
      build: async () => withSignature(await signTestTx(signer), (sig) => ({ ...sig, s: 0n })),
      code: server,
      message: TxErrorMessage.invalidSender,
    },
    {
      name: 'r ≥ the curve order',
      build: async () => withSignature(await signTestTx(signer), (sig) => ({ ...sig, r: SECP256K1_ORDER })),
      code: server,
      message: TxErrorMessage.invalidSender,
    },
    {
      name: 'a malleable high s (EIP-2)',
      build: async () => withSignature(await signTestTx(signer), (sig) => ({ ...sig, s: SECP256K1_ORDER - sig.s, yParity: 1 - sig.yParity })),
      code: server,
      message: TxErrorMessage.invalidSender,
    },
    {
      name: 'r with a flipped byte, off the curve',
      build: async () => withSignature(await signTestTx(signer), (sig) => ({ ...sig, r: flipByteOffCurve(sig.r) })),
      code: server,
      message: TxErrorMessage.invalidSender,
    },
    {
      name: 'a legacy tx whose r has a flipped byte, off the curve',
      build: async () => withSignature(await signTestTx(signer, { type: 'legacy' }), (sig) => ({ ...sig, r: flipByteOffCurve(sig.r) })),
      code: server,
      message: TxErrorMessage.invalidSender,
    },
    {
      // viem normalizes yParity to 0/1 when serializing, so swap the RLP item by hand.
      name: 'yParity 2',
      build: async () => {
        const raw = await signTypedFields(signer, 2, feeMarketFields({}));
        const fields = fromRlp(`0x${raw.slice(4)}`) as Hex[];
        fields[fields.length - 3] = '0x02';
        return `0x02${toRlp(fields).slice(2)}`;
      },
      code: server,
      message: TxErrorMessage.invalidSender,
    },
  ];

  it.each(cases)('$name', async ({ build, rules: caseRules, code, message }) => {
    // As the client sees the refusal, through the RPC edge.
    expect(onTheWire(new TransactionRejectedError(rejectionOf(await build(), caseRules)))).toEqual({
      code,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
  });
});

describe('decodeRawTransaction under Osaka (the default fork)', () => {
  const osaka = testRules({ common: createChainCommon(TEST_CHAIN_ID, 'osaka') });
  const unlimited = testRules({ common: commonOfChain(TEST_CHAIN_ID, undefined, { hardfork: 'osaka', unlimitedCodeSize: true }) });

  it("accepts EIP-7825's cap, 2^24 gas, and refuses one more in geth's words, before the block gas limit", async () => {
    expect(decode(await signTestTx(signer, { gas: 16_777_216n }), osaka).gasLimit).toBe(16_777_216n);
    for (const type of ['legacy', 'eip2930', 'eip1559', 'eip7702'] as const) {
      const raw = await signTestTx(signer, { type, gas: 16_777_217n });
      expect(onTheWire(new TransactionRejectedError(rejectionOf(raw, osaka)))).toEqual({
        code: -32000,
        message: 'transaction gas limit too high (cap: 16777216, tx: 16777217)',
      });
    }
    expect(rejectionOf(await signTestTx(signer, { gas: 30_000_001n }), osaka)).toEqual({ kind: 'gasLimitTooHigh', gas: 30_000_001n, cap: 16_777_216n });
  });

  it('refuses init code over 49152 bytes, unless --disable-code-size-limit lifts the limit', async () => {
    const raw = await signTestTx(signer, { to: null, gas: 16_000_000n, data: `0x${'00'.repeat(MAX_INITCODE_BYTES + 1)}` });
    expect(rejectionOf(raw, osaka)).toEqual({ kind: 'initCodeTooLarge', size: MAX_INITCODE_BYTES + 1, limit: MAX_INITCODE_BYTES });
    expect(decode(raw, unlimited).transaction.data.length).toBe(MAX_INITCODE_BYTES + 1);
  });
});

/** A blob transaction in its network form: 0x03 ‖ rlp([tx fields, blobs, commitments, proofs]) with one blob (not a valid KZG set: only the shape matters). */
function networkFormBlobTransaction(): Hex {
  const blob = toHex(new Uint8Array(131_072).fill(1));
  const versionedHash = `0x01${'ab'.repeat(31)}` as Hex;
  const fields = [
    rlpQuantity(TEST_CHAIN_ID),
    '0x',
    '0x01',
    '0x3b9aca00',
    '0x5208',
    TEST_RECIPIENT,
    '0x',
    '0x',
    [],
    '0x01',
    [versionedHash],
    '0x01',
    toHex(1n, { size: 32 }),
    toHex(2n, { size: 32 }),
  ] as const;
  const wrapped = toRlp([fields as never, [blob], [toHex(new Uint8Array(48))], [toHex(new Uint8Array(48))]]);
  const raw = `0x03${wrapped.slice(2)}` as Hex;
  expect(hexToBytes(raw).length).toBeGreaterThan(MAX_TRANSACTION_BYTES);
  return raw;
}
