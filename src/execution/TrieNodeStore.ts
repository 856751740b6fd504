import type { BatchDBOp, DB } from '@ethereumjs/util';
import type { Storage, WriteBatch } from '../storage/Storage.js';

const NODE_PREFIX = 0x74; // 't'

/**
 * The database @ethereumjs/mpt sees for state-trie nodes: reads from storage blobs, and buffers
 * new nodes until {@link flushInto} adds them to the seal's write batch, so a sealed block and
 * the trie nodes of its state root land in one atomic commit.
 * Nodes are content-addressed and never deleted (no pruning), so old roots stay readable.
 */
export class TrieNodeStore implements DB<string, string | Uint8Array> {
  private pending = new Map<string, Uint8Array>();

  constructor(private readonly storage: Storage) {}

  async get(key: string): Promise<Uint8Array | undefined> {
    return this.pending.get(key) ?? this.storage.getBlob(nodeKey(key));
  }

  async put(key: string, value: string | Uint8Array): Promise<void> {
    this.pending.set(key, asBytes(value));
  }

  async del(): Promise<void> {
    // Content-addressed nodes may be shared by other roots; never delete.
  }

  async batch(operations: BatchDBOp<string, string | Uint8Array>[]): Promise<void> {
    for (const operation of operations) if (operation.type === 'put') this.pending.set(operation.key, asBytes(operation.value));
  }

  shallowCopy(): DB<string, string | Uint8Array> {
    return this;
  }

  async open(): Promise<void> {}

  /** Moves buffered nodes into `batch`. */
  flushInto(batch: WriteBatch): void {
    for (const [key, value] of this.pending) batch.putBlob(nodeKey(key), value);
    this.pending = new Map();
  }
}

function nodeKey(hexKey: string): Uint8Array {
  const out = Buffer.allocUnsafe(1 + hexKey.length / 2);
  out[0] = NODE_PREFIX;
  out.write(hexKey, 1, 'hex');
  return out;
}

function asBytes(value: string | Uint8Array): Uint8Array {
  return typeof value === 'string' ? Buffer.from(value, 'hex') : value;
}
