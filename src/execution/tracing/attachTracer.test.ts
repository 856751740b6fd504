// The input a tracer sees for a nested call is the input the call was made with, even when the
// call's return data is written over it in the caller's memory (as solc-compiled callers do: they
// put the output where the input was). Checked on an in-process chain with a hand-assembled proxy.

import { encodeFunctionData } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Hex } from '../../primitives/hex.js';
import { traceConfig } from '../../rpc/schemas/traceDecoders.js';
import { counterArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';
import type { CallFrameJson } from './CallTracer.js';

/** Init code returning `runtime`: PUSH1 len, DUP1, PUSH1 11, PUSH1 0, CODECOPY, PUSH1 0, RETURN. */
function deployCode(runtime: string): Hex {
  return `0x60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3${runtime}`;
}

/**
 * Forwards its calldata to `target` and writes the 32-byte answer over it, at memory 0:
 *   CALLDATASIZE, PUSH1 0, PUSH1 0, CALLDATACOPY                      (calldata to memory 0)
 *   PUSH1 32, PUSH1 0, CALLDATASIZE, PUSH1 0, PUSH1 0                 (retSize 32 at retOffset 0, args at 0, value 0)
 *   PUSH20 target, PUSH3 100000, CALL, POP, STOP
 */
function overwritingProxy(target: Hex): string {
  return `366000600037602060003660006000 73${target.slice(2)}620186a0f15000`.replaceAll(' ', '');
}

const COUNT = encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' });
let chain: TestChain;

beforeAll(async () => {
  chain = await createTestChain();
});

afterAll(async () => {
  await chain?.close();
});

it("reports a nested call's input as sent, though its return data overwrote it in the caller's memory", async () => {
  const from = chain.accounts[0]!;
  const receiptOf = (hash: Hex) => chain.backend.blocks.getTransactionReceipt(hash)!;
  const deployedBy = (hash: Hex) => receiptOf(hash).contractAddress!;
  const counterDeploy = await sendTestTransaction(chain, from, { data: counterArtifact.bytecode as Hex, gas: 1_000_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  const counter = deployedBy(counterDeploy);
  const proxyDeploy = await sendTestTransaction(chain, from, { data: deployCode(overwritingProxy(counter)), gas: 1_000_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  const proxy = deployedBy(proxyDeploy);
  // Make count() answer something other than zeros, so the overwritten memory differs from the input.
  await sendTestTransaction(chain, from, {
    to: counter,
    data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'add', args: [0xffffffffn] }),
    gas: 100_000n,
  });
  const call = await sendTestTransaction(chain, from, { to: proxy, data: COUNT, gas: 200_000n });
  await chain.clock.advance(chain.config.preconfIntervalMs);
  expect(receiptOf(call).status).toBe('0x1');

  const trace = (await chain.backend.traces.traceTransaction(call, traceConfig({ tracer: 'callTracer' }))) as CallFrameJson;
  expect(trace.input).toBe(COUNT);
  expect(trace.calls).toHaveLength(1);
  expect(trace.calls![0]).toMatchObject({
    type: 'CALL',
    from: proxy.toLowerCase(),
    to: counter.toLowerCase(),
    input: COUNT,
    output: `0x${'ffffffff'.padStart(64, '0')}`,
  });
});
