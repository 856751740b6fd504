// eth_getProof on an in-process chain. Every proof is checked by walking it from the block's
// state root with an independent verifier (testing/verifyMerkleProof.ts): the account proof
// against the header's stateRoot, storage proofs against the account's storageHash, proofs of
// absence, historical blocks, and "pending", whose computed root must be the root the block
// gets when it is sealed.

import { RLP } from '@ethereumjs/rlp';
import { encodeAbiParameters, encodeFunctionData, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_TRIE_ROOT } from '../../chain/trieRoot.js';
import type { AccountProofResult } from '../../execution/accountProof.js';
import { EMPTY_CODE_HASH } from '../../execution/StateReader.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToHex, type Hex, hexToBytes, padBytes, toQuantity } from '../../primitives/hex.js';
import type { JsonRpcError } from '../../rpc/errors/JsonRpcError.js';
import { storageKeys } from '../../rpc/schemas/storageKeys.js';
import { testTokenArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';
import { verifyMerkleProof } from '../../testing/verifyMerkleProof.js';

const HOLDER = '0x00000000000000000000000000000000000000bb';
const NOBODY = '0x00000000000000000000000000000000000000cc';
const RICH = '0x00000000000000000000000000000000000000dd';
const PENDING_RECIPIENT = '0x00000000000000000000000000000000000000ee';
const ZERO_HASH = `0x${'00'.repeat(32)}`;

let chain: TestChain;
let token: Hex;

function balanceSlot(holder: Hex): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n]));
}

function stateRootOf(block: BlockSelector): Uint8Array {
  return hexToBytes(chain.backend.blocks.getBlock(block, false)!.stateRoot);
}

async function seal(): Promise<void> {
  await chain.clock.advance(chain.sequencer.openBlock.openedAtMs + chain.config.blockTimeMs - chain.clock.now());
}

/** Verifies the account proof against `root` and checks the answer's fields are what the proven leaf holds. */
function verifyAccount(result: AccountProofResult, root: Uint8Array): void {
  const leaf = verifyMerkleProof(root, hexToBytes(result.address), result.accountProof.map(hexToBytes));
  if (!leaf) {
    expect({ balance: result.balance, nonce: result.nonce, codeHash: result.codeHash, storageHash: result.storageHash }).toEqual({
      balance: '0x0',
      nonce: '0x0',
      codeHash: ZERO_HASH,
      storageHash: ZERO_HASH,
    });
    return;
  }
  const [nonce, balance, storageRoot, codeHash] = RLP.decode(leaf) as Uint8Array[];
  expect(result.nonce).toBe(toQuantity(BigInt(bytesToHex(nonce!).replace(/^0x$/, '0x0'))));
  expect(result.balance).toBe(toQuantity(BigInt(bytesToHex(balance!).replace(/^0x$/, '0x0'))));
  expect(result.storageHash).toBe(bytesToHex(storageRoot!));
  expect(result.codeHash).toBe(bytesToHex(codeHash!));
}

/** Verifies each storage proof against the account's storageHash; returns the proven values. */
function verifyStorage(result: AccountProofResult): Hex[] {
  return result.storageProof.map(({ key, value, proof }) => {
    const slot = padBytes(hexToBytes(key.length % 2 === 0 ? key : `0x0${key.slice(2)}`), 32);
    const proven = verifyMerkleProof(hexToBytes(result.storageHash), slot, proof.map(hexToBytes));
    const provenValue = proven ? BigInt(bytesToHex(RLP.decode(proven) as Uint8Array)) : 0n;
    expect(value).toBe(toQuantity(provenValue));
    return value;
  });
}

beforeAll(async () => {
  chain = await createTestChain();
  const deployer = chain.accounts[0]!;
  const deployment = await sendTestTransaction(chain, deployer, {
    data: `${testTokenArtifact.bytecode}${encodeAbiParameters([{ type: 'uint256' }], [10n ** 24n]).slice(2)}` as Hex,
    gas: 2_000_000n,
  });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  token = chain.backend.blocks.getTransactionReceipt(deployment)!.contractAddress!;
  await seal(); // block 1: the token
  await sendTestTransaction(chain, deployer, {
    to: token,
    data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [HOLDER, 5n] }),
    gas: 100_000n,
  });
  await sendTestTransaction(chain, chain.accounts[1]!, { to: RICH, value: 10n ** 18n, gas: 21_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  await seal(); // block 2: a token transfer and an ether transfer
  await sendTestTransaction(chain, chain.accounts[2]!, { to: PENDING_RECIPIENT, value: 2n, gas: 21_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs); // block 3: pre-confirmed, not sealed
});

afterAll(async () => {
  await chain?.close();
});

describe('eth_getProof', () => {
  it('proves a contract and its storage against the latest block’s state root', async () => {
    const keys = storageKeys([balanceSlot(chain.accounts[0]!.address), balanceSlot(HOLDER), balanceSlot(NOBODY), '0x0']);
    const result = await chain.backend.state.getProof(hexToBytes(token), keys, { kind: 'tag', tag: 'latest' });
    verifyAccount(result, stateRootOf({ kind: 'tag', tag: 'latest' }));
    expect(result.address).toBe(token.toLowerCase());
    expect(result.nonce).toBe('0x1');
    expect(result.codeHash).toBe(keccak256(bytesToHex(chain.backend.state.getCode(hexToBytes(token), { kind: 'tag', tag: 'latest' }))));
    expect(result.storageHash).not.toBe(bytesToHex(EMPTY_TRIE_ROOT));
    // Balances after the transfer of 5; NOBODY's slot is proven absent; slot 0 is the total supply.
    expect(verifyStorage(result)).toEqual([toQuantity(10n ** 24n - 5n), '0x5', '0x0', toQuantity(10n ** 24n)]);
    expect(result.storageProof[2]!.proof.length).toBeGreaterThan(0);
    // Keys are printed back as given when 32 bytes long, else as quantities (geth).
    expect(result.storageProof.map(({ key }) => key)).toEqual([balanceSlot(chain.accounts[0]!.address), balanceSlot(HOLDER), balanceSlot(NOBODY), '0x0']);
  });

  it('proves an account absent, and the same account present in a later block', async () => {
    const before = await chain.backend.state.getProof(hexToBytes(RICH), [], { kind: 'number', number: 1n });
    expect(verifyMerkleProof(stateRootOf({ kind: 'number', number: 1n }), hexToBytes(RICH), before.accountProof.map(hexToBytes))).toBeUndefined();
    verifyAccount(before, stateRootOf({ kind: 'number', number: 1n }));
    expect(before.storageProof).toEqual([]);

    const after = await chain.backend.state.getProof(hexToBytes(RICH), storageKeys(['0x01']), { kind: 'number', number: 2n });
    verifyAccount(after, stateRootOf({ kind: 'number', number: 2n }));
    expect(after).toMatchObject({ balance: toQuantity(10n ** 18n), nonce: '0x0', codeHash: `0x${EMPTY_CODE_HASH}`, storageHash: bytesToHex(EMPTY_TRIE_ROOT) });
    // An empty storage trie: geth answers zero with an empty proof.
    expect(after.storageProof).toEqual([{ key: '0x1', value: '0x0', proof: [] }]);
  });

  it('proves by block hash, and keeps proving old blocks after new ones are sealed', async () => {
    const block1 = chain.backend.blocks.getBlock({ kind: 'number', number: 1n }, false)!;
    const result = await chain.backend.state.getProof(hexToBytes(token), storageKeys([balanceSlot(HOLDER)]), { kind: 'hash', hash: block1.hash });
    verifyAccount(result, stateRootOf({ kind: 'number', number: 1n }));
    expect(verifyStorage(result)).toEqual(['0x0']); // the holder received tokens only in block 2
  });

  it('proves "pending" against the pre-confirmed state’s root, which is the root the block is sealed with', async () => {
    const pending = await chain.backend.state.getProof(hexToBytes(PENDING_RECIPIENT), [], { kind: 'tag', tag: 'pending' });
    const pendingRoot = hexToBytes(keccak256(pending.accountProof[0]!));
    verifyAccount(pending, pendingRoot);
    expect(pending.balance).toBe('0x2');
    const latest = await chain.backend.state.getProof(hexToBytes(PENDING_RECIPIENT), [], { kind: 'tag', tag: 'latest' });
    expect(latest.balance).toBe('0x0');
    await seal();
    expect(bytesToHex(stateRootOf({ kind: 'number', number: 3n }))).toBe(bytesToHex(pendingRoot));
  });

  it('rejects bad storage keys with geth’s -32602 messages, and unknown blocks with "header not found"', async () => {
    const rejection = (keys: unknown) => {
      try {
        storageKeys(keys);
      } catch (error) {
        return { code: (error as JsonRpcError).code, message: (error as Error).message };
      }
      throw new Error('accepted');
    };
    expect(rejection(Array.from({ length: 1025 }, () => '0x0'))).toEqual({ code: -32602, message: 'too many storage keys requested (max 1024, got 1025)' });
    expect(rejection([`0x${'11'.repeat(33)}`])).toEqual({ code: -32602, message: `storage key too long (want at most 32 bytes): "0x${'11'.repeat(33)}"` });
    expect(rejection(['0xzz'])).toEqual({ code: -32602, message: 'invalid hex in storage key: "0xzz"' });
    await expect(chain.backend.state.getProof(hexToBytes(token), [], { kind: 'number', number: 99n }).catch(onTheWire)).resolves.toMatchObject({
      code: -32000,
      message: 'header not found',
    });
  });

  it('(the verifier rejects a tampered proof, a proof for another root, and a proof with extra nodes)', async () => {
    const result = await chain.backend.state.getProof(hexToBytes(token), [], { kind: 'number', number: 2n });
    const root = stateRootOf({ kind: 'number', number: 2n });
    const nodes = result.accountProof.map(hexToBytes);
    const tampered = nodes.map((node) => node.slice());
    tampered.at(-1)![40]! ^= 1;
    expect(() => verifyMerkleProof(root, hexToBytes(token), tampered)).toThrow(/does not hash/);
    expect(() => verifyMerkleProof(stateRootOf({ kind: 'number', number: 1n }), hexToBytes(token), nodes)).toThrow(/does not hash/);
    expect(() => verifyMerkleProof(root, hexToBytes(token), [...nodes, nodes[0]!])).toThrow(/unused/);
  });
});
