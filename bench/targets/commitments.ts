/**
 * Sequin design targets of verifiable pre-confirmations (issue 26), measured in-process:
 *
 * - what signing costs the sequencer: one tick pre-confirming 200 transfers (a sub-block at 1,000 tx/s
 *   and 200 ms) on a chain with a sequencer key, against the same on a chain without one (which signs
 *   nothing). Each signing sub-block gets the block's transactions and receipts roots so far
 *   (incremental tries), its state root, and one secp256k1 signature, made right after the tick (off it,
 *   sequencer/SubBlockCommitments.ts): the tick is timed to its announcement, and the commitment after it is
 *   waited for outside the timed tick (as the 200 ms between ticks gives it time) and reported in the note.
 *   Target: ≤ 1 ms more per sub-block.
 * - verifyPreconfirmation (the package's code, web/verify) per receipt, in Node. Target ≤ 2 ms.
 * - sequin_getPreconfirmation against eth_getTransactionReceipt, p50 over HTTP on a dedicated node (see
 *   preconfirmationLookups.ts). Target ≤ 2×. The note adds the same in-process (the backend's answer and
 *   its JSON encoding, for every transaction of the 2,000-transaction open block measured here).
 *
 * Rounds alternate the two chains (fresh, in memory, manual clock: ticks never seal), 10 sub-blocks
 * each; the first 2 ticks of every chain are warm-up (V8 compiling), the other 8 are samples. The note
 * adds the process's CPU time of each tick and commitment (lib/threadCpu.ts): unlike their wall time
 * it is not stretched when other processes share the cores.
 */
import { pathToFileURL } from 'node:url';
import type { Hex } from 'viem';
import { hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createTestChain, type TestChain } from '../../src/testing/createTestChain.js';
import { verifyPreconfirmation } from '../../web/verify/index.js';
import { printStandalone } from '../lib/printStandalone.js';
import { CHAIN_ID, MAX_FEE_PER_GAS, MAX_PRIORITY_FEE_PER_GAS, TRANSFER_GAS } from '../lib/sign.js';
import { percentile } from '../lib/stats.js';
import { processCpuMs } from '../lib/threadCpu.js';
import { now } from '../lib/time.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';
import { timeLookupsOverHttp } from './preconfirmationLookups.js';

const SENDERS = 20;
const PER_SUB_BLOCK = 200;
const SUB_BLOCKS = 10;
const WARMUP_TICKS = 2;
const ROUNDS = 3;

export const SIGNING_EXTRA: MetricSpec = {
  id: 'target.commitmentSigningExtra',
  label: 'Commitments: extra time per sub-block of 200 transfers with a sequencer key, in-process (ms)',
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 1,
};

export const VERIFY_RECEIPT: MetricSpec = {
  id: 'target.verifyPreconfirmation',
  label: 'Commitments: verifyPreconfirmation per receipt, Node (ms)',
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 2,
};

export const PROVEN_LOOKUP_RATIO: MetricSpec = {
  id: 'target.getPreconfirmationRatio',
  label: 'Commitments: sequin_getPreconfirmation ÷ eth_getTransactionReceipt p50 over HTTP, 2,000-tx open block (×)',
  better: 'lower',
  digits: 2,
  sequinOnly: true,
  target: 2,
};

/** SUB_BLOCKS × 200 transfers, sub-block by sub-block: sender s pays sender s+1, nonces in order. */
async function signSubBlocks(privateKeys: readonly Hex[]): Promise<Hex[][]> {
  const signers = privateKeys.slice(0, SENDERS).map((key) => privateKeyToAccount(key));
  const perSender = PER_SUB_BLOCK / SENDERS;
  const subBlocks: Hex[][] = [];
  for (let sub = 0; sub < SUB_BLOCKS; sub++) {
    const raws: Hex[] = [];
    for (let i = 0; i < perSender; i++) {
      for (let s = 0; s < SENDERS; s++) {
        raws.push(
          await signers[s]!.signTransaction({
            chainId: CHAIN_ID,
            type: 'eip1559',
            nonce: sub * perSender + i,
            to: signers[(s + 1) % SENDERS]!.address,
            value: 1n,
            gas: TRANSFER_GAS,
            maxFeePerGas: MAX_FEE_PER_GAS,
            maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
          }),
        );
      }
    }
    subBlocks.push(raws);
  }
  return subBlocks;
}

/**
 * Ticks every sub-block on a fresh chain; returns the warm tick times, the time each sub-block's commitment
 * took after its tick (made off the tick; waited for outside the timed tick, as the 200 ms between two ticks
 * would give it), and the chain (still open).
 */
async function run(
  subBlocks: readonly Hex[][],
  signing: boolean,
): Promise<{ ticks: number[]; tickCpu: number[]; afterTicks: number[]; afterTickCpu: number[]; chain: TestChain; hashes: Hex[] }> {
  const chain = await createTestChain({ accounts: SENDERS }, { start: false, ...(signing ? {} : { sequencerKey: null }) });
  const ticks: number[] = [];
  const tickCpu: number[] = [];
  const afterTicks: number[] = [];
  const afterTickCpu: number[] = [];
  const hashes: Hex[] = [];
  for (const [sub, raws] of subBlocks.entries()) {
    for (const raw of raws) hashes.push(await chain.intake.submit(hexToBytes(raw)));
    const [t0, cpu0] = [now(), processCpuMs()];
    await chain.sequencer.tick();
    const [t1, cpu1] = [now(), processCpuMs()];
    await chain.producer.commitments.settle();
    if (sub >= WARMUP_TICKS) {
      ticks.push(t1 - t0);
      tickCpu.push(cpu1 - cpu0);
      afterTicks.push(now() - t1);
      afterTickCpu.push(processCpuMs() - cpu1);
    }
    if (chain.pool.size !== 0) throw new Error(`a tick left ${chain.pool.size} transfers in the pool`);
  }
  const signed = chain.backend.preconfirmations.getCommitments(1n).length;
  if (signed !== (signing ? SUB_BLOCKS : 0)) throw new Error(`${signed} commitments for ${SUB_BLOCKS} sub-blocks (signing ${signing})`);
  return { ticks, tickCpu, afterTicks, afterTickCpu, chain, hashes };
}

const range = (samples: readonly number[], digits = 2) => `${Math.min(...samples).toFixed(digits)}–${Math.max(...samples).toFixed(digits)}`;

export async function measureCommitments(): Promise<Record<string, MetricResult>> {
  const probe = await createTestChain({ accounts: SENDERS }, { start: false });
  const subBlocks = await signSubBlocks(probe.accounts.map((account) => account.privateKey as Hex));
  await probe.close();

  const without: number[] = [];
  const withKey: number[] = [];
  const cpuWithout: number[] = [];
  const cpuWithKey: number[] = [];
  const commitmentTimes: number[] = [];
  const commitmentCpu: number[] = [];
  let last: { chain: TestChain; hashes: Hex[] } | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const plain = await run(subBlocks, false);
    without.push(...plain.ticks);
    cpuWithout.push(...plain.tickCpu);
    await plain.chain.close();
    const signed = await run(subBlocks, true);
    withKey.push(...signed.ticks);
    cpuWithKey.push(...signed.tickCpu);
    commitmentTimes.push(...signed.afterTicks);
    commitmentCpu.push(...signed.afterTickCpu);
    if (last) await last.chain.close();
    last = signed;
  }
  const { chain, hashes } = last!;
  let overHttp: Awaited<ReturnType<typeof timeLookupsOverHttp>>;
  try {
    const extra = percentile(withKey, 50) - percentile(without, 50);
    const sequencer = (await chain.backend.preconfirmations.sequencer()).address!;
    const answers = await Promise.all(hashes.map(async (hash) => (await chain.backend.preconfirmations.getPreconfirmation(hash))!));

    // verifyPreconfirmation: every receipt of the block, each answer parsed from its JSON as a client gets it.
    const texts = answers.map((answer) => JSON.stringify(answer));
    const verifyTimes: number[] = [];
    for (const text of texts) {
      const t0 = now();
      await verifyPreconfirmation(JSON.parse(text), { sequencer, chainId: CHAIN_ID });
      verifyTimes.push(now() - t0);
    }

    // The lookups, with the JSON encoding the server does; twice over, the first pass warming up.
    const proven: number[] = [];
    const plainReceipts: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      for (const hash of hashes) {
        let t0 = now();
        JSON.stringify(await chain.backend.preconfirmations.getPreconfirmation(hash));
        if (pass === 1) proven.push(now() - t0);
        t0 = now();
        JSON.stringify(chain.backend.blocks.getTransactionReceipt(hash));
        if (pass === 1) plainReceipts.push(now() - t0);
      }
    }
    overHttp = await timeLookupsOverHttp();
    const answerBytes = percentile(
      texts.map((text) => text.length),
      50,
    );
    return {
      [SIGNING_EXTRA.id]: {
        value: extra,
        note: `tick median ${percentile(withKey, 50).toFixed(2)} ms (min–max ${range(withKey)}) with a key, ${percentile(without, 50).toFixed(2)} (${range(without)}) without; ${withKey.length} ticks each; ${((extra * 1000) / PER_SUB_BLOCK).toFixed(1)} µs per transaction; each commitment made after its tick (off the tick) in ${percentile(commitmentTimes, 50).toFixed(2)} ms (${range(commitmentTimes)}); process CPU (not stretched by other processes) per tick ${percentile(cpuWithKey, 50).toFixed(2)} ms (${range(cpuWithKey)}) with a key, ${percentile(cpuWithout, 50).toFixed(2)} (${range(cpuWithout)}) without: ${(percentile(cpuWithKey, 50) - percentile(cpuWithout, 50)).toFixed(2)} ms more; per commitment ${percentile(commitmentCpu, 50).toFixed(2)} ms (${range(commitmentCpu)})`,
      },
      [VERIFY_RECEIPT.id]: {
        value: percentile(verifyTimes, 50),
        note: `median of ${verifyTimes.length} receipts of a 2,000-transfer block, min–max ${range(verifyTimes)} (the first, cold: ${verifyTimes[0]!.toFixed(1)}); answers of ~${Math.round(answerBytes / 1024)} KiB`,
      },
      [PROVEN_LOOKUP_RATIO.id]: {
        value: percentile(overHttp.proven, 50) / percentile(overHttp.plain, 50),
        note: `over HTTP p50 ${(percentile(overHttp.proven, 50) * 1000).toFixed(0)} µs (min–max ${range(overHttp.proven)} ms) against ${(percentile(overHttp.plain, 50) * 1000).toFixed(0)} µs (${range(overHttp.plain)}), ${overHttp.proven.length} lookups each, replies ${(overHttp.provenBytes / 1024).toFixed(1)} KiB against ${(overHttp.plainBytes / 1024).toFixed(1)} KiB; in-process (answer + JSON) ${(percentile(proven, 50) * 1000).toFixed(0)} µs against ${(percentile(plainReceipts, 50) * 1000).toFixed(0)} µs = ${(percentile(proven, 50) / percentile(plainReceipts, 50)).toFixed(1)}×`,
      },
    };
  } finally {
    await chain.close();
  }
}

// Standalone: `node --import tsx bench/targets/commitments.ts`.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printStandalone(measureCommitments(), [SIGNING_EXTRA, VERIFY_RECEIPT, PROVEN_LOOKUP_RATIO]);
}
