// The verifier recovers signers with libsecp256k1 compiled to WebAssembly (web/verify/recoverSigner.ts)
// instead of viem's @noble/curves: it must recover exactly the addresses viem (and ecrecover) do, refuse
// what viem refuses, read every transaction type's y parity, and fall back to viem where WebAssembly is
// missing.

import { type Hex, keccak256, parseSignature, recoverAddress, serializeTransaction, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ETHEREUM_CODEC } from '../../web/verify/codecs.js';
import { recoverSigner } from '../../web/verify/recoverSigner.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const BLOCK = { number: 1n, hash: `0x${'00'.repeat(32)}` as Hex, timestamp: 1n, baseFeePerGas: 1_000_000_000n };
const word = (value: bigint): Hex => `0x${value.toString(16).padStart(64, '0')}`;

async function signed(seed: number) {
  const account = privateKeyToAccount(generatePrivateKey());
  const hash = keccak256(toHex(`message ${seed}`));
  const { r, s, yParity } = parseSignature(await account.sign({ hash }));
  return { account, hash, r, s, yParity: yParity as 0 | 1 };
}

/** viem's answer, or its error's first line. */
const viaViem = (hash: Hex, r: Hex, s: Hex, yParity: 0 | 1) =>
  recoverAddress({ hash, signature: { r, s, yParity } }).then(
    (address) => address.toLowerCase(),
    () => 'refused',
  );
const viaVerifier = (hash: Hex, r: Hex, s: Hex, yParity: 0 | 1) =>
  recoverSigner(hash, { r, s, yParity }).then(
    (address) => address,
    () => 'refused',
  );

describe('recoverSigner (libsecp256k1 in WebAssembly)', () => {
  it("recovers the signer's address, as viem does, for 200 keys", async () => {
    for (let seed = 0; seed < 200; seed++) {
      const { account, hash, r, s, yParity } = await signed(seed);
      expect(await recoverSigner(hash, { r, s, yParity })).toBe(account.address.toLowerCase());
      // The other parity is another key (or none): never the signer.
      expect(await viaVerifier(hash, r, s, (1 - yParity) as 0 | 1)).toBe(await viaViem(hash, r, s, (1 - yParity) as 0 | 1));
    }
  });

  it('recovers what viem recovers from a high-s signature, and refuses what viem refuses', async () => {
    const { hash, r, s, yParity } = await signed(1);
    const highS = word(N - BigInt(s));
    const flipped = (1 - yParity) as 0 | 1;
    expect(await viaVerifier(hash, r, highS, flipped)).toBe(await viaViem(hash, r, highS, flipped));
    const cases: Array<[string, Hex, Hex]> = [
      ['r zero', word(0n), s],
      ['s zero', r, word(0n)],
      ['r the group order', word(N), s],
      ['s the group order', r, word(N)],
      ['r past 32 bytes', `0x1${'0'.repeat(64)}`, s],
    ];
    for (const [, badR, badS] of cases) {
      expect(await viaViem(hash, badR, badS, 0)).toBe('refused');
      expect(await viaVerifier(hash, badR, badS, 0)).toBe('refused');
    }
    // An r that is no point's x: some small values are not (x³ + 7 has no square root).
    let offCurve = 0;
    for (let x = 1n; x < 40n; x++) {
      const viem = await viaViem(hash, word(x), s, 0);
      expect(await viaVerifier(hash, word(x), s, 0)).toBe(viem);
      if (viem === 'refused') offCurve++;
    }
    expect(offCurve).toBeGreaterThan(0);
  });

  it("gives every transaction type's sender: legacy before and after EIP-155, EIP-2930, EIP-1559, EIP-7702", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const base = { to: account.address, value: 1n, gas: 21_000n, nonce: 3 } as const;
    const transactions = [
      { ...base, type: 'legacy', gasPrice: 2_000_000_000n },
      { ...base, type: 'legacy', gasPrice: 2_000_000_000n, chainId: 31337 },
      { ...base, type: 'legacy', gasPrice: 2_000_000_000n, chainId: 2 ** 40 },
      { ...base, type: 'eip2930', gasPrice: 2_000_000_000n, chainId: 31337, accessList: [] },
      { ...base, type: 'eip1559', maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1n, chainId: 31337 },
      {
        ...base,
        type: 'eip7702',
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1n,
        chainId: 31337,
        authorizationList: [await account.signAuthorization({ address: account.address, chainId: 31337, nonce: 4 })],
      },
    ] as const;
    for (let round = 0; round < 5; round++) {
      for (const transaction of transactions) {
        const raw = await account.signTransaction({ ...transaction, nonce: round } as never, { serializer: serializeTransaction });
        const decoded = await ETHEREUM_CODEC.decode(raw, BLOCK);
        expect(decoded.from, `${transaction.type} ${'chainId' in transaction ? transaction.chainId : 'no chain'}`).toBe(account.address.toLowerCase());
      }
    }
  });
});

describe('recoverSigner without WebAssembly', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const refusals: Array<[string, unknown]> = [
    ['a runtime without WebAssembly', undefined],
    [
      "a page whose Content-Security-Policy refuses to compile it (no 'wasm-unsafe-eval')",
      {
        ...Object.fromEntries(Object.getOwnPropertyNames(WebAssembly).map((name) => [name, (WebAssembly as unknown as Record<string, unknown>)[name]])),
        instantiate: () => Promise.reject(new WebAssembly.CompileError('WebAssembly.instantiate(): Refused to compile or instantiate WebAssembly module')),
        instantiateStreaming: () => Promise.reject(new WebAssembly.CompileError('refused')),
      },
    ],
  ];
  for (const [where, stub] of refusals) {
    it(`falls back to viem's @noble/curves in ${where}: the same addresses and refusals`, async () => {
      vi.resetModules();
      const { recoverSigner: fallback } = await import('../../web/verify/recoverSigner.js');
      // The module decides between WebAssembly and @noble on its first recovery, synchronously, before its first
      // await; the stub is in place for exactly that moment. A stub left in place longer breaks whatever else in
      // this process compiles WebAssembly meanwhile (Node's fetch compiles its HTTP parser lazily).
      const first = await signed(0);
      vi.stubGlobal('WebAssembly', stub);
      const firstRecovery = fallback(first.hash, { r: first.r, s: first.s, yParity: first.yParity });
      vi.unstubAllGlobals();
      expect(await firstRecovery).toBe(first.account.address.toLowerCase());
      for (let seed = 1; seed < 10; seed++) {
        const { account, hash, r, s, yParity } = await signed(seed);
        expect(await fallback(hash, { r, s, yParity })).toBe(account.address.toLowerCase());
      }
      const { hash, s } = await signed(0);
      await expect(fallback(hash, { r: word(0n), s, yParity: 0 })).rejects.toThrow();
    });
  }
});
