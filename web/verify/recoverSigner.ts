/*! sequin/verify bundles @solar-republic/wasm-secp256k1 (Copyright (c) 2024 Solar Republic, LLC), which
 * holds libsecp256k1 compiled to WebAssembly (Copyright (c) 2013 Pieter Wuille and contributors), both
 * under the MIT License:
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
 * associated documentation files (the "Software"), to deal in the Software without restriction, including
 * without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the
 * following conditions: The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
 * KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
 * PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR
 * ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
import { initWasmSecp256k1, type Secp256k1 } from '@solar-republic/wasm-secp256k1';
import { type Hex, hexToBytes, keccak256, recoverAddress } from 'viem';

/** An ECDSA signature over secp256k1 as transactions and typed data carry it: r, s and the y parity of R. */
export interface RecoverableSignature {
  r: Hex;
  s: Hex;
  yParity: 0 | 1;
}

/**
 * The address (lowercase) whose key made `signature` over the 32-byte `hash`, as Ethereum's ecrecover
 * computes it; throws when the signature recovers to no key (r or s zero or not below the group order, or
 * no curve point with that r).
 *
 * Why not viem's recoverAddress: recovery in JavaScript (@noble/curves) takes 2–4 ms, most of a verified
 * receipt's cost. libsecp256k1 (Bitcoin Core's) compiled to WebAssembly takes ~0.3 ms; WebAssembly is a web
 * standard, so the verifier still runs unchanged in browsers and Node. The module, its binary inline, is
 * compiled on the first recovery, not on import. Where WebAssembly cannot be compiled (a page whose
 * Content-Security-Policy lacks 'wasm-unsafe-eval', a runtime without it), recovery falls back to viem's
 * @noble/curves, which computes the same address, slower.
 */
export async function recoverSigner(hash: Hex, signature: RecoverableSignature): Promise<Hex> {
  const curve = await loadCurve();
  if (!curve) return (await recoverAddress({ hash, signature })).toLowerCase() as Hex;
  const compact = new Uint8Array(64);
  compact.set(scalarBytes(signature.r, 'r'), 0);
  compact.set(scalarBytes(signature.s, 's'), 32);
  const publicKey = curve.recover(compact, hexToBytes(hash, { size: 32 }), signature.yParity, true);
  return `0x${keccak256(publicKey.subarray(1)).slice(26)}`;
}

/** r or s as 32 big-endian bytes (libsecp256k1 then refuses one not below the group order). */
function scalarBytes(value: Hex, name: string): Uint8Array {
  const digits = BigInt(value).toString(16);
  if (digits.length > 64) throw new Error(`${name} is longer than 32 bytes`);
  return hexToBytes(`0x${digits.padStart(64, '0')}`);
}

let instance: Promise<Secp256k1 | undefined> | undefined;

/** libsecp256k1, instantiated once; undefined where WebAssembly is unavailable or refused. */
function loadCurve(): Promise<Secp256k1 | undefined> {
  instance ??= typeof WebAssembly === 'object' ? initWasmSecp256k1().catch(() => undefined) : Promise.resolve(undefined);
  return instance;
}
