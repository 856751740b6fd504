/**
 * Sequin design target (no Hardhat or Anvil counterpart: neither imports chains): `sequin import` speed,
 * in blocks/s and Mgas/s, on a generated chain.
 *
 * The chain is made in-process by Sequin's own sequencer on a geth genesis file (a merged chain at
 * Prague from genesis, ten dev accounts funded): each block holds TRANSFERS_PER_BLOCK signed transfers
 * between the funded accounts, run through the interpreter's fast path as any node's would. Its blocks' RLP, as the chain stores them, is written out as `chain.rlp` (what
 * `geth export` writes), and the real CLI then imports it into a fresh data directory, validating and
 * executing every block and comparing its roots: the time of that process, from spawn to exit, is
 * measured (so start-up is included, about 0.2 s). `npm run bench` generates 10,000 blocks (200 with --quick).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Hex, hexToBytes } from 'viem';
import { deriveDevAccounts } from '../../src/config/devAccounts.js';
import { DEFAULT_MNEMONIC } from '../../src/config/settings/chainSettings.js';
import { createTestChain } from '../../src/testing/createTestChain.js';
import { SEQUIN_BIN } from '../../src/testing/startNodeProcess.js';
import { signRawTransfer } from '../lib/rawTransfer.js';
import type { MetricResult, MetricSpec } from '../workloads/types.js';

const CHAIN_ID = 7357;
const SENDERS = 10;
const TRANSFERS_PER_BLOCK = 10;
const BLOCK_TIME_MS = 1000;
const MAX_FEE_PER_GAS = 100_000_000_000n;

export const IMPORT_BLOCKS_PER_SECOND: MetricSpec = {
  id: 'target.importBlocks',
  label: 'Chain import: `sequin import` of a generated chain, 10 transfers per block (blocks/s)',
  better: 'higher',
  digits: 0,
  sequinOnly: true,
};

export const IMPORT_GAS_PER_SECOND: MetricSpec = {
  id: 'target.importGas',
  label: 'Chain import: gas executed per second (Mgas/s)',
  better: 'higher',
  digits: 1,
  sequinOnly: true,
};

/** A geth genesis file: merged at Prague from genesis, the first SENDERS dev accounts funded. */
function genesisFile(directory: string): string {
  const alloc: Record<string, { balance: string }> = {};
  for (const account of deriveDevAccounts(DEFAULT_MNEMONIC, SENDERS)) alloc[account.address] = { balance: '0xd3c21bcecceda1000000' };
  const blockForks = ['homestead', 'eip150', 'eip155', 'eip158', 'byzantium', 'constantinople', 'petersburg', 'istanbul', 'berlin', 'london'];
  const config: Record<string, unknown> = { chainId: CHAIN_ID, terminalTotalDifficulty: 0, shanghaiTime: 0, cancunTime: 0, pragueTime: 0 };
  for (const fork of blockForks) config[`${fork}Block`] = 0;
  config.blobSchedule = {
    cancun: { target: 3, max: 6, baseFeeUpdateFraction: 3338477 },
    prague: { target: 6, max: 9, baseFeeUpdateFraction: 5007716 },
  };
  config.depositContractAddress = '0x00000000219ab540356cbb839cbe05303d7705fa';
  const path = join(directory, 'genesis.json');
  writeFileSync(path, JSON.stringify({ config, difficulty: '0x0', gasLimit: '0x1c9c380', timestamp: '0x0', alloc }));
  return path;
}

/** Generates `blocks` blocks with the sequencer and writes their RLP, concatenated, to `chain.rlp`. */
async function generateChain(directory: string, genesis: string, blocks: number): Promise<{ file: string; gas: bigint }> {
  const chain = await createTestChain({ genesis, accounts: SENDERS, preconfIntervalMs: BLOCK_TIME_MS, blockTimeMs: BLOCK_TIME_MS, blockGasLimit: 30_000_000n });
  try {
    // Signed natively (lib/rawTransfer.ts): viem's JS signer took most of a 10,000-block generation.
    const keys = chain.accounts.map((account) => hexToBytes(account.privateKey as Hex));
    const addresses = chain.accounts.map((account) => hexToBytes(account.address as Hex));
    const fees = { chainId: BigInt(CHAIN_ID), maxFeePerGas: MAX_FEE_PER_GAS, maxPriorityFeePerGas: 1n };
    const nonces = new Array<number>(SENDERS).fill(0);
    let gas = 0n;
    for (let block = 1; block <= blocks; block++) {
      for (let index = 0; index < TRANSFERS_PER_BLOCK; index++) {
        const sender = (block + index) % SENDERS;
        await chain.intake.submit(signRawTransfer(keys[sender]!, nonces[sender]!++, addresses[(sender + 1) % SENDERS]!, fees));
      }
      await chain.clock.advance(BLOCK_TIME_MS);
    }
    const head = chain.chain.head()!.number;
    const parts: Uint8Array[] = [];
    for (let number = 1; number <= head; number++) {
      parts.push(chain.chain.rawBlock(number)!);
      gas += BigInt(chain.chain.blockByNumber(number)!.gasUsed);
    }
    const file = join(directory, 'chain.rlp');
    writeFileSync(file, Buffer.concat(parts));
    return { file, gas };
  } finally {
    await chain.close();
  }
}

/** Generates a chain of `blocks` blocks, imports it with the CLI into a fresh data directory, and reports the rates. */
export async function measureChainImport(blocks: number): Promise<Record<string, MetricResult>> {
  const directory = mkdtempSync(join(tmpdir(), 'sequin-bench-import-'));
  try {
    const genesis = genesisFile(directory);
    const generatedAt = performance.now();
    const { file, gas } = await generateChain(directory, genesis, blocks);
    const generateSeconds = (performance.now() - generatedAt) / 1000;
    const startedAt = performance.now();
    const result = spawnSync(process.execPath, [SEQUIN_BIN, 'import', '--data-dir', join(directory, 'data'), '--genesis', genesis, file], {
      encoding: 'utf8',
      timeout: 600_000,
    });
    const seconds = (performance.now() - startedAt) / 1000;
    if (result.status !== 0) throw new Error(`sequin import failed: ${(result.stderr || result.stdout).trim().split('\n').pop()}`);
    if (!result.stdout.includes(`Imported ${blocks} blocks`)) throw new Error(`unexpected summary: ${result.stdout.trim()}`);
    const note = `${blocks} blocks, ${(Number(gas) / 1e6).toFixed(0)} Mgas, in ${seconds.toFixed(1)} s (spawn to exit; chain generated in ${generateSeconds.toFixed(0)} s)`;
    return {
      [IMPORT_BLOCKS_PER_SECOND.id]: { value: blocks / seconds, note },
      [IMPORT_GAS_PER_SECOND.id]: { value: Number(gas) / 1e6 / seconds },
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

// Standalone: `node --import tsx bench/targets/chain-import.ts [BLOCKS]` (default 10,000, the issue's
// size, as in `npm run bench`), after `npm run build`.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const blocks = Number(process.argv[2] ?? 10_000);
  measureChainImport(blocks).then(
    (measured) => {
      const rate = measured[IMPORT_BLOCKS_PER_SECOND.id]!;
      const gas = measured[IMPORT_GAS_PER_SECOND.id]!;
      if ('error' in rate || 'error' in gas) throw new Error('not measured');
      process.stdout.write(`${rate.value.toFixed(0)} blocks/s, ${gas.value.toFixed(1)} Mgas/s (${rate.note})\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
