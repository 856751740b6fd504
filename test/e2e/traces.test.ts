/**
 * Tracing, access lists and proofs over HTTP against the real node (LMDB storage), driven with
 * viem: debug_traceTransaction with the callTracer (a pre-confirmed transaction, right away),
 * the struct logger's JSON, eth_createAccessList through viem's createAccessList, and
 * eth_getProof through viem's getProof, verified against the block's state root.
 */
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, type Hex, hexToBytes, keccak256, padHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterArtifact, testTokenArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { verifyMerkleProof } from '../../src/testing/verifyMerkleProof.js';
import { pollReceipt, rpc, rpcResult, viemClients, waitForBlockAfter } from './helpers.js';

const RECIPIENT = '0x00000000000000000000000000000000000000bb';

let node: NodeProcess;
let clients: ReturnType<typeof viemClients>;
let token: Hex;
let counter: Hex;
let proxy: Hex;

/** Init code returning `runtime`. */
function deployCode(runtime: string): Hex {
  return `0x60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3${runtime}`;
}

async function deploy(data: Hex): Promise<Hex> {
  const hash = await clients.walletClient.sendTransaction({ data, gas: 2_000_000n });
  return (await pollReceipt(node.url, hash)).contractAddress!;
}

beforeAll(async () => {
  node = await startNodeProcess({ storage: 'temp' });
  clients = viemClients(node.url);
  token = await deploy(`${testTokenArtifact.bytecode}${encodeAbiParameters([{ type: 'uint256' }], [10n ** 24n]).slice(2)}` as Hex);
  counter = await deploy(counterArtifact.bytecode as Hex);
  // Forwards its calldata to the counter with 100,000 gas and stores the call's success flag.
  proxy = await deploy(deployCode(`36600060003760006000366000600073${counter.slice(2)}620186a0f160005500`));
});
afterAll(cleanupNodeProcesses);

describe('debug_traceTransaction', () => {
  it('callTracer: the call tree of a pre-confirmed transaction, with the callee’s log', async () => {
    const hash = await clients.walletClient.sendTransaction({
      to: proxy,
      data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }),
      gas: 200_000n,
    });
    const receipt = await pollReceipt(node.url, hash);
    const trace = await clients.publicClient.request({
      method: 'debug_traceTransaction' as never,
      params: [hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }] as never,
    });
    expect(trace).toMatchObject({
      from: clients.account.address.toLowerCase(),
      gas: '0x30d40',
      gasUsed: `0x${receipt.gasUsed.toString(16)}`,
      to: proxy.toLowerCase(),
      type: 'CALL',
      calls: [
        {
          from: proxy.toLowerCase(),
          to: counter.toLowerCase(),
          gas: '0x186a0',
          type: 'CALL',
          logs: [
            {
              address: counter.toLowerCase(),
              topics: encodeEventTopics({ abi: counterArtifact.abi, eventName: 'Incremented', args: { by: proxy } }),
              data: padHex('0x1', { size: 32 }),
              position: '0x0',
            },
          ],
        },
      ],
    });
  });

  it('struct logger: numbers for gas, hex for stack and a 0x return value; geth’s errors over HTTP', async () => {
    const hash = await clients.walletClient.sendTransaction({
      to: counter,
      data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }),
      gas: 200_000n,
    });
    const receipt = await pollReceipt(node.url, hash);
    const trace = await rpcResult<{
      gas: number;
      failed: boolean;
      returnValue: string;
      structLogs: Array<{ pc: number; op: string; gas: number; gasCost: number; depth: number; stack: string[] }>;
    }>(node.url, 'debug_traceTransaction', [hash]);
    expect(trace.gas).toBe(Number(receipt.gasUsed));
    expect(trace.failed).toBe(false);
    expect(trace.returnValue).toBe('0x');
    // Solidity's prologue: PUSH1 0x80, PUSH1 0x40, MSTORE, with the first opcode at gas limit - intrinsic gas.
    expect(trace.structLogs.slice(0, 3).map(({ pc, op, gasCost, depth, stack }) => ({ pc, op, gasCost, depth, stack }))).toEqual([
      { pc: 0, op: 'PUSH1', gasCost: 3, depth: 1, stack: [] },
      { pc: 2, op: 'PUSH1', gasCost: 3, depth: 1, stack: ['0x80'] },
      { pc: 4, op: 'MSTORE', gasCost: 12, depth: 1, stack: ['0x80', '0x40'] },
    ]);
    expect(trace.structLogs[0]!.gas).toBe(200_000 - 21_064);

    expect((await rpc(node.url, 'debug_traceTransaction', [hash, { tracer: 'nonsenseTracer' }])).error).toEqual({ code: -32000, message: 'tracer not found' });
    expect((await rpc(node.url, 'debug_traceTransaction', [hash, { disableStack: 'yes' }])).error).toEqual({
      code: -32602,
      message: 'invalid argument 1: json: cannot unmarshal string into Go struct field TraceConfig.disableStack of type bool',
    });
    expect((await rpc(node.url, 'debug_traceTransaction', [padHex('0x1', { size: 32 })])).error).toEqual({ code: -32000, message: 'transaction not found' });
  });
});

describe('eth_createAccessList', () => {
  it('viem’s createAccessList: an ERC-20 transfer needs the token’s two balance slots', async () => {
    // "pending": the token may be pre-confirmed but not sealed yet.
    const { accessList, gasUsed } = await clients.publicClient.createAccessList({
      blockTag: 'pending',
      account: clients.account.address,
      to: token,
      data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [RECIPIENT, 5n] }),
    });
    const balanceSlot = (holder: Hex) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n]));
    expect(accessList).toEqual([{ address: token.toLowerCase(), storageKeys: [balanceSlot(clients.account.address), balanceSlot(RECIPIENT)].sort() }]);
    expect(gasUsed).toBeGreaterThan(21_000n);
  });
});

describe('eth_getProof', () => {
  it('viem’s getProof: the token’s account and its supply slot, verified against the sealed block’s state root', async () => {
    const head = await clients.publicClient.getBlockNumber();
    await waitForBlockAfter(node.url, head);
    const block = await clients.publicClient.getBlock({ blockTag: 'latest' });
    const proof = await clients.publicClient.getProof({ address: token, storageKeys: [padHex('0x0', { size: 32 })], blockNumber: block.number });
    expect(
      verifyMerkleProof(
        hexToBytes(block.stateRoot),
        hexToBytes(token),
        proof.accountProof.map((node) => hexToBytes(node)),
      ),
    ).toBeDefined();
    expect(proof.nonce).toBe(1);
    const [slot] = proof.storageProof;
    expect(slot!.value).toBe(10n ** 24n);
    expect(
      verifyMerkleProof(
        hexToBytes(proof.storageHash),
        hexToBytes(slot!.key),
        slot!.proof.map((node) => hexToBytes(node)),
      ),
    ).toBeDefined();
  });
});
