/**
 * What a distinct eth_call costs inside an execution worker, layer by layer, in-process: how much
 * of the worker's share is the EVM itself. On an LMDB chain with the bench token deployed and
 * sealed, this thread runs `balanceOf(new address)` (or `transfer(new address, 1)` with --transfer)
 * at 'latest', N times per layer after a warm-up, and prints the CPU per call of the process
 * (process.cpuUsage, so GC threads count):
 *
 * - job:   runExecutionJob, exactly as a call worker runs it (state by version, the call's
 *          transaction built and run by @ethereumjs/vm's runTx, errors mapped);
 * - estimate: the same job as an eth_estimateGas (the estimator's runs, the first watching what
 *          depends on the gas limit), to set beside `job`;
 * - clone: the structured clone of the job and of its answer (v8.serialize + v8.deserialize), what
 *          postMessage does on top of the job in each direction;
 * - evm:   the EVM alone: @ethereumjs/evm's runCall on the same state manager and state, no transaction;
 * - bare:  a stock EVM (`createEVM` on a stock Common of the same fork, its SimpleStateManager) holding
 *          only what the call reads (the accounts, code and slots the `evm` layer's first run read,
 *          copied in), each run between a checkpoint and a revert: @ethereumjs/evm with nothing of
 *          Sequin's, what the EVM costs on this machine at this moment.
 *
 *   node --import tsx bench/call-anatomy.ts [--calls N] [--warmup N] [--transfer] [--only job|estimate|clone|evm|bare]
 *
 * The layers alternate in rounds, so a machine whose load changes affects them alike. Run it under
 * `valgrind --tool=callgrind` (with --only and two --calls values) for instruction counts.
 */
import { deserialize, serialize } from 'node:v8';
import { Common, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { Address } from '@ethereumjs/util';
import { encodeFunctionData, type Hex } from 'viem';
import { commonOfChain } from '../src/config/commonOfChain.js';
import { CachedStateReader } from '../src/execution/CachedStateReader.js';
import { CallExecutor } from '../src/execution/callWorker/CallExecutor.js';
import type { CallJob } from '../src/execution/callWorker/CallJob.js';
import { runExecutionJob } from '../src/execution/callWorker/runExecutionJob.js';
import { VersionedStates } from '../src/execution/callWorker/VersionedStates.js';
import { createExecutionVm } from '../src/execution/createExecutionVm.js';
import { FlatStateManager } from '../src/execution/FlatStateManager.js';
import { NEWEST_VERSION, PersistedStateReader } from '../src/execution/PersistedStateReader.js';
import { codeOf, type StateReader } from '../src/execution/StateReader.js';
import { hexToBytes } from '../src/primitives/hex.js';
import { testTokenArtifact } from '../src/testing/contracts/artifacts.js';
import { createTestChain } from '../src/testing/createTestChain.js';
import { submitTestTokenDeployment } from '../src/testing/testToken.js';
import { distinctAddress } from './lib/distinctAddress.js';

const LAYERS = ['job', 'estimate', 'clone', 'evm', 'bare'] as const;
type Layer = (typeof LAYERS)[number];

function parseArgs(argv: readonly string[]): { calls: number; warmup: number; transfer: boolean; only?: Layer } {
  const options: { calls: number; warmup: number; transfer: boolean; only?: Layer } = { calls: 4000, warmup: 3000, transfer: false };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--calls') options.calls = Number(argv[++index]);
    else if (argument === '--warmup') options.warmup = Number(argv[++index]);
    else if (argument === '--transfer') options.transfer = true;
    else if (argument === '--only' && (LAYERS as readonly string[]).includes(argv[index + 1]!)) options.only = argv[++index] as Layer;
    else throw new Error(`usage: call-anatomy.ts [--calls N] [--warmup N] [--transfer] [--only ${LAYERS.join('|')}]   (bad argument: ${argument})`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const chain = await createTestChain({ ephemeral: false }, { start: false });
  try {
    const [holder] = chain.accounts;
    const deployment = await submitTestTokenDeployment(chain, holder!, 10n ** 27n);
    await chain.clock.advance(chain.config.preconfIntervalMs);
    await chain.sequencer.tick();
    await chain.clock.advance(chain.config.blockTimeMs);
    await chain.sequencer.tick();
    const receipt = chain.backend.blocks.getTransactionReceipt(deployment);
    const token = (receipt as { contractAddress?: Hex } | null)?.contractAddress;
    if (!token) throw new Error('the token was not deployed');

    // The job exactly as CallQueries hands it to the executor.
    let template: Omit<CallJob, 'kind'> | undefined;
    const call = CallExecutor.prototype.call;
    CallExecutor.prototype.call = async (job) => {
      template = job;
      return new Uint8Array(32);
    };
    const dataOf = (index: number): Uint8Array =>
      hexToBytes(
        options.transfer
          ? encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [distinctAddress(index), 1n] })
          : encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'balanceOf', args: [distinctAddress(index)] }),
      );
    const from = hexToBytes(holder!.address);
    const to = hexToBytes(token);
    await chain.backend.calls.call({ from, to, data: dataOf(0) }, { kind: 'tag', tag: 'latest' });
    CallExecutor.prototype.call = call;
    if (!template) throw new Error('no job was captured');

    // The worker's side, on this thread: its VM over the newest state, its states by version.
    const common = commonOfChain(chain.config.chainId, undefined);
    const execution = await createExecutionVm(common, new PersistedStateReader(chain.storage, NEWEST_VERSION), () => undefined);
    const states = new VersionedStates(
      (version) => new PersistedStateReader(chain.storage, version),
      () => new CachedStateReader(new PersistedStateReader(chain.storage, NEWEST_VERSION)),
    );
    const bare = await stockEvmHolding(execution.vm.common.hardfork(), states.forJob(template.epoch)(template.version), from, to, dataOf(0));
    const jobOf = (index: number, kind: CallJob['kind'] = 'call'): CallJob => ({ ...template!, kind, request: { ...template!.request, data: dataOf(index) } });
    let index = 1;
    const run: Record<Layer, () => Promise<unknown>> = {
      job: () => {
        const job = jobOf(index++);
        return runExecutionJob(job, { common, use: (work) => work(execution), stateAt: states.forJob(job.epoch) });
      },
      estimate: () => {
        const job = jobOf(index++, 'estimate');
        return runExecutionJob(job, { common, use: (work) => work(execution), stateAt: states.forJob(job.epoch) });
      },
      clone: async () => {
        const job = jobOf(index++);
        deserialize(serialize({ id: index, job }));
        return deserialize(serialize({ id: index, ok: true, value: new Uint8Array(32) }));
      },
      evm: async () => {
        const state = states.forJob(template!.epoch)(template!.version);
        execution.state.reset(state);
        const result = await (execution.vm.evm as EVM).runCall({
          caller: new Address(from),
          to: new Address(to),
          data: dataOf(index++),
          gasLimit: 50_000_000n,
        });
        if (result.execResult.exceptionError) throw new Error(`the EVM failed: ${result.execResult.exceptionError.error}`);
        execution.state.reset(state);
        return result;
      },
      bare: async () => {
        await bare.stateManager.checkpoint();
        const result = await bare.runCall({ caller: new Address(from), to: new Address(to), data: dataOf(index++), gasLimit: 50_000_000n });
        if (result.execResult.exceptionError) throw new Error(`the stock EVM failed: ${result.execResult.exceptionError.error}`);
        await bare.stateManager.revert();
        return result;
      },
    };
    const layers = options.only ? [options.only] : LAYERS;
    for (const layer of layers) for (let warm = 0; warm < options.warmup; warm++) await run[layer]();
    const spent: Record<Layer, number> = { job: 0, estimate: 0, clone: 0, evm: 0, bare: 0 };
    const ROUNDS = 4;
    for (let round = 0; round < ROUNDS; round++) {
      for (const layer of layers) {
        const before = process.cpuUsage();
        for (let count = 0; count < options.calls / ROUNDS; count++) await run[layer]();
        const used = process.cpuUsage(before);
        spent[layer] += used.user + used.system;
      }
    }
    const what = options.transfer ? 'transfer(new address, 1)' : 'balanceOf(new address)';
    console.log(`${what} at latest, ${options.calls} calls per layer after ${options.warmup} warm-up calls, process CPU per call:`);
    for (const layer of layers) console.log(`  ${layer.padEnd(8)} ${(spent[layer] / options.calls).toFixed(0).padStart(6)} µs`);
  } finally {
    await chain.close();
  }
}

/**
 * A stock EVM of `hardfork` whose SimpleStateManager holds what a run of `data` from `from` to `to`
 * reads of `state`: the accounts, the code and the storage slots, recorded on a first run of a
 * stock EVM over a state manager reading through to `state`.
 */
async function stockEvmHolding(hardfork: string, state: StateReader, from: Uint8Array, to: Uint8Array, data: Uint8Array): Promise<EVM> {
  const reads = { accounts: new Set<string>(), slots: new Set<string>() };
  const recording = new FlatStateManager({
    account: (address) => {
      reads.accounts.add(address);
      return state.account(address);
    },
    storage: (address, slot) => {
      reads.slots.add(`${address}:${slot}`);
      return state.storage(address, slot);
    },
    code: (hash) => state.code(hash),
  });
  const common = new Common({ chain: Mainnet, hardfork });
  await (await createEVM({ common: common.copy(), stateManager: recording })).runCall({
    caller: new Address(from),
    to: new Address(to),
    data,
    gasLimit: 50_000_000n,
  });
  const stateManager = new SimpleStateManager();
  for (const address of reads.accounts) {
    const account = state.account(address);
    if (!account) continue;
    const at = new Address(hexToBytes(`0x${address}`));
    await stateManager.putAccount(at, account);
    const code = codeOf(state, address);
    if (code.length > 0) await stateManager.putCode(at, code);
  }
  for (const read of reads.slots) {
    const [address, slot] = read.split(':') as [string, string];
    const value = state.storage(address, slot);
    if (value.length > 0) await stateManager.putStorage(new Address(hexToBytes(`0x${address}`)), hexToBytes(`0x${slot}`), value);
  }
  return createEVM({ common, stateManager });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
