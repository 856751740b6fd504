/**
 * Sequin's dev surface next to Anvil 1.7.1 (the npm binary), the node it is a drop-in for:
 *   - an impersonated transaction gets the same hash and signature fields on both nodes;
 *   - a state dump of either node (anvil_dumpState, or the --dump-state file) loads into the
 *     other, and the accounts read the same there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeDeployData, getAddress, type Hex, numberToHex, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterArtifact } from '../../src/testing/contracts/artifacts.js';
import { cleanupNodeProcesses, createTempDataDir, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { DEV_ACCOUNTS, pollReceipt, rpcResult, waitForBlockAfter } from './helpers.js';

const WHALE = getAddress('0x00000000000000000000000000000000000a1100');
const EDITED = getAddress('0x00000000000000000000000000000000000a1101');
const RECIPIENT = getAddress('0x00000000000000000000000000000000000a1102');
const SLOT = numberToHex(5, { size: 32 });
const DEPLOYER = DEV_ACCOUNTS[8]!.address;

afterAll(async () => {
  await Promise.all([cleanupNodeProcesses(), cleanupAnvilProcesses()]);
});

/** Edits an account, deploys a contract and spends a dev account's nonce on `url`; returns the contract's address. */
async function populate(url: string): Promise<Hex> {
  await rpcResult(url, 'anvil_setBalance', [EDITED, numberToHex(parseEther('4.25'))]);
  await rpcResult(url, 'anvil_setNonce', [EDITED, '0x9']);
  await rpcResult(url, 'anvil_setCode', [EDITED, '0x60016001556000']);
  await rpcResult(url, 'anvil_setStorageAt', [EDITED, SLOT, numberToHex(77, { size: 32 })]);
  const data = encodeDeployData({ abi: counterArtifact.abi, bytecode: counterArtifact.bytecode });
  const hash = await rpcResult<Hex>(url, 'eth_sendTransaction', [{ from: DEPLOYER, data, gas: '0x7a120' }]);
  return (await pollReceipt(url, hash)).contractAddress as Hex;
}

/** What both nodes must agree on after a load: the edited account, the contract's code, the deployer's nonce. */
function accountsAt(url: string, contract: Hex, tag: string): Promise<unknown[]> {
  return Promise.all([
    rpcResult(url, 'eth_getBalance', [EDITED, tag]),
    rpcResult(url, 'eth_getTransactionCount', [EDITED, tag]),
    rpcResult(url, 'eth_getCode', [EDITED, tag]),
    rpcResult(url, 'eth_getStorageAt', [EDITED, SLOT, tag]),
    rpcResult(url, 'eth_getCode', [contract, tag]),
    rpcResult(url, 'eth_getTransactionCount', [DEPLOYER, tag]),
  ]);
}

describe('Sequin and Anvil', { timeout: 60_000 }, () => {
  let sequinUrl: string;
  let anvilUrl: string;
  beforeAll(async () => {
    const [sequin, anvil] = await Promise.all([startNodeProcess(), startAnvil()]);
    sequinUrl = sequin.url;
    anvilUrl = anvil.url;
  });

  it('give an impersonated transaction the same hash and zero signature', async () => {
    const request = { from: WHALE, to: RECIPIENT, value: '0x3', nonce: '0x0', gas: '0x5208', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' };
    const sent: Array<Record<string, unknown>> = [];
    for (const url of [sequinUrl, anvilUrl]) {
      await rpcResult(url, 'anvil_setBalance', [WHALE, numberToHex(parseEther('1'))]);
      await rpcResult(url, 'anvil_impersonateAccount', [WHALE]);
      const hash = await rpcResult<Hex>(url, 'eth_sendTransaction', [request]);
      await pollReceipt(url, hash);
      sent.push(await rpcResult(url, 'eth_getTransactionByHash', [hash]));
    }
    const fields = ['hash', 'from', 'type', 'chainId', 'nonce', 'to', 'value', 'gas', 'maxFeePerGas', 'maxPriorityFeePerGas', 'r', 's', 'v', 'yParity'];
    const pick = (transaction: Record<string, unknown>) => Object.fromEntries(fields.map((field) => [field, transaction[field]]));
    expect(pick(sent[0]!)).toEqual(pick(sent[1]!));
  });

  it("load each other's anvil_dumpState", async () => {
    const [sequin, anvil, freshSequin, freshAnvil] = await Promise.all([startNodeProcess(), startAnvil(), startNodeProcess(), startAnvil()]);
    const [sequinContract, anvilContract] = await Promise.all([populate(sequin.url), populate(anvil.url)]);
    // Same deployer, same nonce: the same address on both.
    expect(sequinContract).toBe(anvilContract);

    await rpcResult(freshSequin.url, 'anvil_loadState', [await rpcResult<Hex>(anvil.url, 'anvil_dumpState')]);
    expect(await accountsAt(freshSequin.url, anvilContract, 'pending')).toEqual(await accountsAt(anvil.url, anvilContract, 'latest'));

    await rpcResult(freshAnvil.url, 'anvil_loadState', [await rpcResult<Hex>(sequin.url, 'anvil_dumpState')]);
    expect(await accountsAt(freshAnvil.url, sequinContract, 'latest')).toEqual(await accountsAt(sequin.url, sequinContract, 'pending'));
  });

  it('start Anvil from the file --dump-state wrote', async () => {
    const file = join(createTempDataDir(), 'sequin-state.json');
    const sequin = await startNodeProcess({ args: ['--dump-state', file] });
    const contract = await populate(sequin.url);
    const head = BigInt(await rpcResult<Hex>(sequin.url, 'eth_blockNumber'));
    await waitForBlockAfter(sequin.url, head);
    const expected = await accountsAt(sequin.url, contract, 'latest');
    await sequin.stop('SIGINT');
    const dump = JSON.parse(readFileSync(file, 'utf8')) as { best_block_number: number; blocks: Array<{ header: { hash: Hex } }> };

    const anvil = await startAnvil({ args: ['--load-state', file] });
    expect(await accountsAt(anvil.url, contract, 'latest')).toEqual(expected);
    // Anvil takes the dump's head block as its best block, and hashes its header as Sequin did.
    expect(await rpcResult(anvil.url, 'eth_blockNumber')).toBe(numberToHex(dump.best_block_number));
    expect(await rpcResult(anvil.url, 'eth_getBlockByNumber', ['latest', false])).toMatchObject({ hash: dump.blocks[0]!.header.hash });
  });
});
