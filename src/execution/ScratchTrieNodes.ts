import type { BatchDBOp, DB } from '@ethereumjs/util';

/**
 * Trie nodes written on top of another node store without reaching it: a root computed here (a state
 * root after each transaction, which receipts carry before Byzantium) leaves nothing behind.
 */
export class ScratchTrieNodes implements DB<string, string | Uint8Array> {
  private readonly written = new Map<string, Uint8Array>();

  constructor(private readonly base: DB<string, string | Uint8Array>) {}

  async get(key: string): Promise<string | Uint8Array | undefined> {
    return this.written.get(key) ?? this.base.get(key);
  }

  async put(key: string, value: string | Uint8Array): Promise<void> {
    this.written.set(key, asBytes(value));
  }

  async del(): Promise<void> {}

  async batch(operations: BatchDBOp<string, string | Uint8Array>[]): Promise<void> {
    for (const operation of operations) if (operation.type === 'put') this.written.set(operation.key, asBytes(operation.value));
  }

  shallowCopy(): DB<string, string | Uint8Array> {
    return this;
  }

  async open(): Promise<void> {}
}

function asBytes(value: string | Uint8Array): Uint8Array {
  return typeof value === 'string' ? Buffer.from(value, 'hex') : value;
}
