/**
 * Reads an exported chain (geth's `export` / hive's `chain.rlp`: RLP-encoded blocks placed end to end,
 * gzip-compressed when the name ends in `.gz`) as a stream of decoded blocks, without holding the file.
 *
 *   file ──chunks──▶ split at RLP list boundaries ──▶ rlp([header, txs, uncles, (withdrawals)])
 *        ──forkAt(number, timestamp, difficulty)──▶ Common.setHardfork ──▶ @ethereumjs/block Block
 *
 * Each block is decoded under the rules of its own fork (typed transactions, blob transactions,
 * withdrawals and the header fields of each era). This checks form only (field sizes, the fields a fork
 * requires); that the blocks link, execute and hash to their roots is the importer's job.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { type Block, createBlockFromBytesArray } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import type { ChainSpec, ForkName } from '../config/ChainSpec.js';
import { forkAt } from '../config/forkAt.js';
import { bytesToBigint } from '../primitives/hex.js';

/** One block of the file. */
export interface RlpChainBlock {
  block: Block;
  /** The fork whose rules the block was decoded under. */
  fork: ForkName;
  /** The block's RLP exactly as in the file. */
  rlp: Uint8Array;
  /** Where the block starts in the (decompressed) file. */
  offset: number;
}

/** A file that is not a sequence of blocks; names the offset of the bad block. */
export class RlpChainError extends Error {
  constructor(path: string, offset: number, problem: string) {
    super(`${path}: block at byte ${offset}: ${problem}`);
    this.name = 'RlpChainError';
  }
}

/**
 * Yields the blocks of the file at `path` in order. `common` must be the chain's Common
 * (createChainSpecCommon); its hardfork is set per block. Throws {@link RlpChainError} on a
 * truncated or malformed block.
 */
export async function* readRlpChain(path: string, spec: ChainSpec, common: Common): AsyncGenerator<RlpChainBlock> {
  const file = createReadStream(path);
  const stream = path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  let pending: Buffer = Buffer.alloc(0);
  let offset = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        const length = rlpItemLength(pending, path, offset);
        if (length === undefined || pending.length < length) break;
        const rlp = new Uint8Array(pending.subarray(0, length));
        yield decodeBlock(rlp, spec, common, path, offset);
        pending = pending.subarray(length);
        offset += length;
      }
    }
  } finally {
    file.destroy();
  }
  if (pending.length > 0) throw new RlpChainError(path, offset, `truncated: ${pending.length} bytes left at the end of the file`);
}

/** The total length of the RLP list starting at `bytes[0]`, or undefined when its prefix is not complete yet. */
function rlpItemLength(bytes: Buffer, path: string, offset: number): number | undefined {
  if (bytes.length === 0) return undefined;
  const first = bytes[0]!;
  if (first < 0xc0) throw new RlpChainError(path, offset, 'not an RLP list');
  if (first <= 0xf7) return 1 + (first - 0xc0);
  const lengthOfLength = first - 0xf7;
  if (bytes.length < 1 + lengthOfLength) return undefined;
  if (bytes[1] === 0) throw new RlpChainError(path, offset, 'RLP length with leading zeros');
  let length = 0;
  for (let index = 1; index <= lengthOfLength; index++) length = length * 256 + bytes[index]!;
  if (length > 2 ** 32) throw new RlpChainError(path, offset, `block of ${length} bytes`);
  return 1 + lengthOfLength + length;
}

function decodeBlock(rlp: Uint8Array, spec: ChainSpec, common: Common, path: string, offset: number): RlpChainBlock {
  try {
    const values = RLP.decode(rlp) as unknown as Uint8Array[][];
    const header = values[0];
    if (!Array.isArray(values) || !Array.isArray(header) || header.length < 15) throw new Error('not a block: rlp([header, transactions, uncles, …]) expected');
    // Header fields 7, 8, 11: difficulty, number, timestamp.
    const fork = forkAt(spec, { difficulty: bytesToBigint(header[7]!), number: bytesToBigint(header[8]!), timestamp: bytesToBigint(header[11]!) });
    common.setHardfork(fork);
    const block = createBlockFromBytesArray(values as Parameters<typeof createBlockFromBytesArray>[0], { common });
    return { block, fork, rlp, offset };
  } catch (error) {
    if (error instanceof RlpChainError) throw error;
    throw new RlpChainError(path, offset, (error as Error).message);
  }
}
