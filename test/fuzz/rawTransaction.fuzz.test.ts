/**
 * Fuzzes eth_sendRawTransaction end to end on an in-process chain: random bytes, valid
 * transactions with a byte flipped, cut short or padded, transactions signed for another chain,
 * with a malleated, zero or out-of-range signature, unprotected legacy ones, oversized ones and
 * unsupported type bytes, sent in batches mixed with valid transactions. Every answer is a hash
 * or a typed error (-32602 for bytes that are not a transaction, -32000 with one of geth's
 * messages otherwise; never -32603), the wrong chain id is named, and every transaction whose
 * hash was returned is pre-confirmed by the next sub-block or still in the pool: none is lost.
 */
import fc from 'fast-check';
import { fromRlp, type Hex, keccak256, toHex, toRlp } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../src/primitives/hex.js';
import { ALL_METHODS } from '../../src/rpc/allMethods.js';
import { TxErrorMessage } from '../../src/rpc/errors/TxErrorMessage.js';
import { RpcServer } from '../../src/rpc/server/RpcServer.js';
import { createTestChain, type TestChain } from '../../src/testing/createTestChain.js';
import { fuzzParameters, fuzzTimeoutMs, letEventLoopTurn } from '../../src/testing/fuzzParameters.js';
import { withSignature } from '../../src/testing/signedTransactions.js';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const GETH_MESSAGES = Object.values(TxErrorMessage);

type Candidate =
  | { kind: 'valid'; account: number }
  | { kind: 'flip'; account: number; at: number; xor: number }
  | { kind: 'truncate'; account: number; keep: number }
  | { kind: 'pad'; account: number; junk: Uint8Array }
  | { kind: 'wrongChain'; account: number; chainId: number }
  | { kind: 'signature'; account: number; change: 'highS' | 'zeroR' | 'parity2' | 'sOverN' }
  | { kind: 'unprotected'; account: number }
  | { kind: 'oversized'; account: number }
  | { kind: 'typeByte'; type: number; body: Uint8Array }
  | { kind: 'bytes'; bytes: Uint8Array };

const account = fc.integer({ min: 1, max: 9 });
const candidate: fc.Arbitrary<Candidate> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('valid' as const), account }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('flip' as const), account, at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), account, keep: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pad' as const), account, junk: fc.uint8Array({ minLength: 1, maxLength: 8 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wrongChain' as const),
      account,
      chainId: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 2 ** 31 })).filter((id) => id !== 31337),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('signature' as const),
      account,
      change: fc.constantFrom('highS' as const, 'zeroR' as const, 'parity2' as const, 'sOverN' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unprotected' as const), account }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('typeByte' as const), type: fc.constantFrom(3, 5, 0x7f, 0xbf), body: fc.uint8Array({ maxLength: 40 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 120 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('oversized' as const), account }) },
);

let chain: TestChain;
let server: RpcServer;
/** Nonces handed out per account (pending nonce plus what this run signed ahead). */
const acknowledged = new Set<Hex>();

beforeAll(async () => {
  chain = await createTestChain({}, { start: false });
  server = new RpcServer({ methods: ALL_METHODS, backend: chain.backend, maxBatchLength: 100 });
});
afterAll(() => chain?.close());

async function sign(accountIndex: number, options: { chainId?: number; legacyUnprotected?: boolean; data?: Hex } = {}): Promise<Hex> {
  const from = chain.accounts[accountIndex]!;
  const nonce = Number(chain.backend.state.getTransactionCount(hexToBytes(from.address), { kind: 'tag', tag: 'pending' }));
  const signer = privateKeyToAccount(from.privateKey);
  const to = chain.accounts[(accountIndex % 9) + 1]!.address;
  const fee = chain.sequencer.openBlock.baseFeePerGas * 2n + 1_000_000_000n;
  if (options.legacyUnprotected) return signer.signTransaction({ type: 'legacy', nonce, gas: 21_000n, gasPrice: fee, to, value: 1n });
  const gas = options.data ? 3_000_000n : 21_000n;
  return signer.signTransaction({
    type: 'eip1559',
    chainId: options.chainId ?? 31337,
    nonce,
    gas,
    maxFeePerGas: fee,
    maxPriorityFeePerGas: 1_000_000_000n,
    to,
    value: 1n,
    data: options.data,
  });
}

/** An EIP-1559 raw transaction with field `index` of its RLP list replaced. */
function withTypedField(raw: Hex, index: number, value: Hex): Hex {
  const fields = fromRlp(`0x${raw.slice(4)}`, 'hex') as Hex[];
  fields[index] = value;
  return `0x02${toRlp(fields).slice(2)}`;
}

/** The raw bytes of a candidate, and the exact error it must get (when one is certain). */
async function materialise(c: Candidate): Promise<{ raw: Hex; expect?: { code: number; message: string | RegExp } | 'hash' }> {
  const bytesHex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as Hex;
  switch (c.kind) {
    case 'valid':
      return { raw: await sign(c.account), expect: 'hash' };
    case 'flip': {
      const bytes = hexToBytes(await sign(c.account));
      bytes[c.at % bytes.length]! ^= c.xor;
      return { raw: bytesHex(bytes) };
    }
    case 'truncate': {
      const bytes = hexToBytes(await sign(c.account));
      return { raw: bytesHex(bytes.subarray(0, c.keep % bytes.length)) };
    }
    case 'pad':
      return { raw: `${await sign(c.account)}${Buffer.from(c.junk).toString('hex')}` as Hex };
    case 'wrongChain':
      return {
        raw: await sign(c.account, { chainId: c.chainId }),
        expect: { code: -32000, message: `${TxErrorMessage.invalidChainId}: have ${c.chainId} want 31337` },
      };
    case 'signature': {
      const raw = await sign(c.account);
      // viem would normalise a parity of 2 to 1, so that one is written into the RLP by hand.
      const changed =
        c.change === 'parity2'
          ? withTypedField(raw, 9, '0x02')
          : withSignature(raw, ({ r, s, yParity }) => {
              if (c.change === 'highS') return { r, s: SECP256K1_N - s, yParity: 1 - yParity };
              if (c.change === 'zeroR') return { r: 0n, s, yParity };
              return { r, s: SECP256K1_N + 1n, yParity };
            });
      return { raw: changed, expect: { code: -32000, message: TxErrorMessage.invalidSender } };
    }
    case 'unprotected':
      return { raw: await sign(c.account, { legacyUnprotected: true }), expect: { code: -32000, message: TxErrorMessage.unprotectedTx } };
    case 'oversized':
      return {
        raw: await sign(c.account, { data: toHex(new Uint8Array(130 * 1024)) }),
        expect: { code: -32000, message: /^oversized data: transaction size \d+, limit 131072$/ },
      };
    case 'typeByte':
      return {
        raw: bytesHex(Uint8Array.of(c.type, ...c.body)),
        expect: { code: -32000, message: c.type === 3 ? TxErrorMessage.blobTxNotSupported : TxErrorMessage.txTypeNotSupported },
      };
    case 'bytes':
      return { raw: bytesHex(c.bytes) };
  }
}

describe('eth_sendRawTransaction (fuzz)', () => {
  it(
    'answers every raw transaction with a hash or a typed error naming the problem, and loses no acknowledged transaction',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(candidate, { minLength: 1, maxLength: 6 }), async (candidates) => {
          await letEventLoopTurn();
          // One transaction per account per batch: two would race for the same nonce.
          const seen = new Set<number>();
          const unique = candidates.filter((c) => !('account' in c) || (!seen.has(c.account) && seen.add(c.account)));
          const materialised = await Promise.all(unique.map(materialise));
          const batch = materialised.map(({ raw }, id) => ({ jsonrpc: '2.0', id, method: 'eth_sendRawTransaction', params: [raw] }));
          const reply = await server.handle(JSON.stringify(batch), { tier: 'public' });
          const answers = JSON.parse(reply.body!) as Array<{ id: number; result?: Hex; error?: { code: number; message: string } }>;
          expect(answers).toHaveLength(batch.length);
          for (const answer of answers) {
            const { raw, expect: expected } = materialised[answer.id]!;
            const what = `${JSON.stringify(unique[answer.id])} → ${JSON.stringify(answer)}`;
            if (answer.result !== undefined) {
              expect(answer.result, what).toBe(keccak256(raw));
              expect(expected === undefined || expected === 'hash', what).toBe(true);
              acknowledged.add(answer.result);
              continue;
            }
            const error = answer.error!;
            expect(error.code, what).not.toBe(-32603);
            if (expected === 'hash') expect.unreachable(`valid transaction refused: ${what}`);
            else if (expected !== undefined) {
              expect(error.code, what).toBe(expected.code);
              if (typeof expected.message === 'string') expect(error.message, what).toBe(expected.message);
              else expect(error.message, what).toMatch(expected.message);
            } else if (error.code === -32602)
              expect(error.message, what).toMatch(
                /^invalid argument 0: (invalid transaction encoding: .+|transaction is not an RLP list|empty transaction data)$/,
              );
            else {
              expect(error.code, what).toBe(-32000);
              expect(
                GETH_MESSAGES.some((message) => error.message.startsWith(message)),
                what,
              ).toBe(true);
            }
          }
          await chain.sequencer.tick();
          for (const hash of acknowledged) {
            const kept = chain.backend.blocks.getTransactionReceipt(hash) !== null || chain.pool.get(hash) !== undefined;
            expect(kept, `acknowledged ${hash} is neither pre-confirmed nor pooled`).toBe(true);
          }
        }),
        fuzzParameters(60),
      );
      // The fuzzer did get valid transactions through, and they were pre-confirmed.
      expect(acknowledged.size).toBeGreaterThan(10);
      const preconfirmed = [...acknowledged].filter((hash) => chain.backend.blocks.getTransactionReceipt(hash) !== null);
      expect(preconfirmed.length).toBeGreaterThan(acknowledged.size / 2);
    },
    fuzzTimeoutMs(60_000),
  );
});
