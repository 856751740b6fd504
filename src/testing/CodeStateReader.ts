import { Account } from '@ethereumjs/util';
import type { StateReader } from '../execution/StateReader.js';
import { hexToBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';

/**
 * A StateReader holding contracts and nothing else: each address (unprefixed lower-case hex, as in
 * StateReader) has the given code (hex without 0x), nonce and balance 0, and empty storage. For tests
 * that run programs on an execution VM.
 */
export class CodeStateReader implements StateReader {
  private readonly accounts = new Map<string, Account>();
  private readonly codes = new Map<string, Uint8Array>();

  constructor(codes: Record<string, string>) {
    for (const [address, hex] of Object.entries(codes)) {
      const code = hexToBytes(`0x${hex}`);
      const hash = keccak256(code);
      this.codes.set(Buffer.from(hash).toString('hex'), code);
      this.accounts.set(address, new Account(0n, 0n, undefined, hash));
    }
  }

  account(address: string): Account | undefined {
    return this.accounts.get(address);
  }

  storage(): Uint8Array {
    return new Uint8Array();
  }

  code(codeHash: string): Uint8Array {
    return this.codes.get(codeHash) ?? new Uint8Array();
  }
}
