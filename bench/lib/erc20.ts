/**
 * The benchmark ERC-20 (bench/contracts/BenchToken.sol): compiled once per run with the npm
 * `solc` package (EVM "paris", so no opcode newer than both nodes support), then deployed to
 * each node with a signed raw transaction from account 0.
 */
import { readFileSync } from 'node:fs';
import type { Address, Hex } from 'viem';
import { parseAbi } from 'viem';
import solc from 'solc';
import type { BenchAccount } from './accounts.js';
import { pollReceipts } from './receipts.js';
import type { RpcClient } from './rpc.js';
import { pendingNonces, signTx } from './sign.js';
import { now, sleep } from './time.js';

export const ERC20_ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

const SOURCE = new URL('../contracts/BenchToken.sol', import.meta.url);
const DEPLOY_GAS = 2_000_000n;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
}

let creationCode: Hex | undefined;

/** Creation bytecode of BenchToken, compiled on first call (~1–2 s for solc-js to load). */
export function tokenCreationCode(): Hex {
  if (creationCode) return creationCode;
  const input = {
    language: 'Solidity',
    sources: { 'BenchToken.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const object = output.contracts?.['BenchToken.sol']?.['BenchToken']?.evm.bytecode.object;
  if (!object) throw new Error('solc produced no bytecode for BenchToken');
  creationCode = `0x${object}`;
  return creationCode;
}

/** Deploys BenchToken from `deployer` and waits (≤ 10 s) for its receipt; returns its address. */
export async function deployToken(rpc: RpcClient, deployer: BenchAccount): Promise<Address> {
  const [nonce] = await pendingNonces(rpc, [deployer]);
  const raw = await signTx(deployer, nonce!, null, { gas: DEPLOY_GAS, data: tokenCreationCode() });
  const hash = await rpc.call<Hex>('eth_sendRawTransaction', [raw]);
  const deadline = now() + 10_000;
  while ((await pollReceipts(rpc, [hash])).length === 0) {
    if (now() > deadline) throw new Error('BenchToken deployment receipt did not appear within 10 s');
    await sleep(20);
  }
  const receipt = await rpc.call<{ contractAddress: Address | null }>('eth_getTransactionReceipt', [hash]);
  if (!receipt.contractAddress) throw new Error('BenchToken receipt has no contractAddress');
  return receipt.contractAddress;
}
