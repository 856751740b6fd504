import { readFileSync } from 'node:fs';
import { encodeReceipt } from '@ethereumjs/vm';
import { describe, expect, it } from 'vitest';
import { createChainSpecCommon } from '../config/createChainSpecCommon.js';
import { parseGethGenesis } from '../config/parseGethGenesis.js';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import { readRlpChain } from './readRlpChain.js';
import { storedBlockRlp, storedHeaderRlp, storedReceiptRlp } from './storedRecordRlp.js';

const TESTS = new URL('../../test/conformance/execution-apis/tests/', import.meta.url);
const spec = parseGethGenesis(readFileSync(new URL('genesis.json', TESTS), 'utf8'));

/** A block of the execution-apis chain (Frontier to Osaka) as a stored record: the JSON-RPC fields its header has. */
async function chainBlocks() {
  const blocks = [];
  for await (const { block, rlp } of readRlpChain(new URL('chain.rlp', TESTS).pathname, spec, createChainSpecCommon(spec))) {
    const header = block.header.toJSON() as Record<string, Hex | undefined>;
    const record = {
      parentHash: header.parentHash!,
      sha3Uncles: header.uncleHash!,
      miner: header.coinbase!,
      stateRoot: header.stateRoot!,
      transactionsRoot: header.transactionsTrie!,
      receiptsRoot: header.receiptTrie!,
      logsBloom: header.logsBloom!,
      difficulty: header.difficulty!,
      number: header.number!,
      gasLimit: header.gasLimit!,
      gasUsed: header.gasUsed!,
      timestamp: header.timestamp!,
      extraData: header.extraData!,
      mixHash: header.mixHash!,
      nonce: header.nonce!,
      baseFeePerGas: header.baseFeePerGas,
      withdrawalsRoot: header.withdrawalsRoot,
      blobGasUsed: header.blobGasUsed,
      excessBlobGas: header.excessBlobGas,
      parentBeaconBlockRoot: header.parentBeaconBlockRoot,
      requestsHash: header.requestsHash,
      withdrawals: block.withdrawals?.map((withdrawal) => withdrawal.toJSON() as { index: Hex; validatorIndex: Hex; address: Hex; amount: Hex }),
    };
    blocks.push({ block, rlp, record });
  }
  return blocks;
}

describe('storedRecordRlp', () => {
  it("re-encodes every header of a chain from Frontier to Osaka exactly: each hashes to its block's hash", async () => {
    for (const { block, record } of await chainBlocks()) {
      expect(bytesToHex(storedHeaderRlp(record)), `block ${block.header.number}`).toBe(bytesToHex(block.header.serialize()));
    }
  });

  it('re-encodes every block exactly from its header fields, raw transactions, uncle headers and withdrawals', async () => {
    for (const { block, rlp, record } of await chainBlocks()) {
      const raws = block.transactions.map((transaction) => transaction.serialize());
      const uncles = block.uncleHeaders.map((uncle) => uncle.serialize());
      expect(bytesToHex(storedBlockRlp(record, raws, uncles)), `block ${block.header.number}`).toBe(bytesToHex(rlp));
    }
  });

  it('encodes a receipt with its status, or before Byzantium with its state root, typed ones prefixed', () => {
    const logs = [{ address: `0x${'11'.repeat(20)}` as Hex, topics: [`0x${'22'.repeat(32)}` as Hex], data: '0x1234' as Hex }];
    const bloom = `0x${'00'.repeat(255)}01` as Hex;
    const base = {
      cumulativeGasUsed: '0x5208' as Hex,
      logsBloom: bloom,
      logs: logs.map((log) => ({ ...log, logIndex: '0x0' as Hex, transactionIndex: '0x0' as Hex, transactionHash: '0x' as Hex, blockNumber: '0x1' as Hex })),
    };
    const expected = (fields: { status?: 0 | 1; stateRoot?: Uint8Array }, type: 0 | 2) =>
      bytesToHex(
        encodeReceipt(
          {
            ...fields,
            cumulativeBlockGasUsed: 21_000n,
            bitvector: Buffer.from(bloom.slice(2), 'hex'),
            logs: [[Buffer.from('11'.repeat(20), 'hex'), [Buffer.from('22'.repeat(32), 'hex')], Buffer.from('1234', 'hex')]],
          } as never,
          type,
        ),
      );
    expect(bytesToHex(storedReceiptRlp({ ...base, status: '0x1', type: '0x2' } as never))).toBe(expected({ status: 1 }, 2));
    expect(bytesToHex(storedReceiptRlp({ ...base, status: '0x0', type: '0x0' } as never))).toBe(expected({ status: 0 }, 0));
    const root = `0x${'ab'.repeat(32)}` as Hex;
    expect(bytesToHex(storedReceiptRlp({ ...base, root, type: '0x0' } as never))).toBe(expected({ stateRoot: Buffer.from('ab'.repeat(32), 'hex') }, 0));
  });
});
