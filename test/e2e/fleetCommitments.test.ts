/**
 * Signed commitments in a fleet on real NATS JetStream (issue 26): the sequencer and the standby sign
 * with the fleet's key, the replica has none and serves the very commitments the sequencer signed;
 * after the sequencer is SIGKILLed, the standby continues the chain of commitments (the open block
 * it takes over included), no (block, index) ever gets two different commitments, and answers
 * pre-confirmed before the kill still verify with `sequin/verify` when read from the survivors. A
 * standby with another key is refused at start.
 */
import { getVerifiedPreconfirmation, verifyPreconfirmation } from 'sequin/verify';
import { createPublicClient, type Hex, http } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_SEQUENCER_KEYS, writeSequencerKeyFile } from '../../src/testing/sequencerKeyFile.js';
import { cleanupNatsClusters, startNatsCluster } from '../../src/testing/startNatsCluster.js';
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { commitmentChainProblems, type ServedCommitment } from './commitmentChain.js';
import { pollUntil, rpcResult, sequinChain, signTransfer, sleep, waitForBlockAfter } from './helpers.js';

const TIMING = ['--block-time', '1000', '--preconf-interval', '100'];
const FLEET_ADDRESS = privateKeyToAddress(TEST_SEQUENCER_KEYS.fleet);
const CHAIN_ID = 31337;

afterAll(async () => {
  await cleanupNodeProcesses();
  await cleanupNatsClusters();
});

function fleetNode(nats: string, role: 'sequencer' | 'replica' | 'standby', key?: Hex) {
  return startNodeProcess({
    storage: 'temp',
    args: ['--nats', nats, '--role', role, ...TIMING, ...(key ? ['--sequencer-key', writeSequencerKeyFile(key)] : [])],
  });
}

interface Answer {
  receipt: { transactionHash: Hex; blockNumber: Hex };
  commitment: { blockNumber: Hex; index: Hex };
}

/** Every commitment `url` serves for blocks `from`..`to`, keyed by "block:index". */
async function commitmentsByPlace(url: string, from: bigint, to: bigint): Promise<Map<string, ServedCommitment>> {
  const places = new Map<string, ServedCommitment>();
  for (let number = from; number <= to; number++) {
    for (const signed of await rpcResult<ServedCommitment[]>(url, 'sequin_getCommitments', [`0x${number.toString(16)}`])) {
      places.set(`${number}:${Number(signed.commitment.index)}`, signed);
    }
  }
  return places;
}

describe('a fleet signs one chain of commitments', () => {
  it('sequencer and standby sign with the fleet key, the replica serves the same commitments, and a kill -9 leaves the chain continued and every answer verifiable', async () => {
    const nats = await startNatsCluster();
    const sequencer = await fleetNode(nats.natsFlag, 'sequencer', TEST_SEQUENCER_KEYS.fleet);
    const [standby, replica] = await Promise.all([fleetNode(nats.natsFlag, 'standby', TEST_SEQUENCER_KEYS.fleet), fleetNode(nats.natsFlag, 'replica')]);

    // Every node names the fleet's signer; the replica learned it from the fleet.
    for (const node of [sequencer, standby, replica]) {
      expect(await rpcResult(node.url, 'sequin_sequencer')).toEqual({ address: FLEET_ADDRESS, chainId: '0x7a69' });
    }

    // Pre-confirmed and proven by the sequencer, then the sequencer dies with sub-blocks of an open block signed.
    let nonce = 0;
    const before: Answer[] = [];
    for (let i = 0; i < 8; i++) {
      before.push(await rpcResult<Answer>(sequencer.url, 'sequin_sendRawTransactionSync', [await signTransfer(2, nonce++)]));
      await sleep(60);
    }
    for (const answer of before) await verifyPreconfirmation(answer, { sequencer: FLEET_ADDRESS, chainId: CHAIN_ID });
    const openBlock = BigInt(before.at(-1)!.commitment.blockNumber);
    const seenBeforeKill = await commitmentsByPlace(sequencer.url, 1n, openBlock);
    await sequencer.kill9();

    // The standby takes over (seals the open block as promised) and keeps sequencing, signing as the fleet.
    await waitForBlockAfter(standby.url, openBlock, 10_000);
    const after: Answer[] = [];
    for (let i = 0; i < 4; i++) after.push(await rpcResult<Answer>(standby.url, 'sequin_sendRawTransactionSync', [await signTransfer(2, nonce++)]));
    const lastBlock = BigInt(after.at(-1)!.receipt.blockNumber);
    await waitForBlockAfter(standby.url, lastBlock, 10_000);
    await pollUntil(async () => BigInt(await rpcResult<Hex>(replica.url, 'eth_blockNumber')) >= lastBlock, {
      timeoutMs: 10_000,
      what: 'the replica at the last block',
    });

    for (const node of [standby, replica]) {
      const { problems, blocksWithTransactions, commitments } = await commitmentChainProblems(node.url, {
        sequencer: FLEET_ADDRESS,
        chainId: CHAIN_ID,
        from: 1n,
        to: lastBlock,
      });
      expect(problems).toEqual([]);
      expect(blocksWithTransactions).toBeGreaterThanOrEqual(2);
      expect(commitments).toBeGreaterThanOrEqual(before.length + after.length > 0 ? 4 : 0);
    }
    // No (block, index) got a second, different commitment: what the sequencer served before the kill is what the survivors serve.
    const survivors = await commitmentsByPlace(standby.url, 1n, lastBlock);
    const onReplica = await commitmentsByPlace(replica.url, 1n, lastBlock);
    expect(onReplica).toEqual(survivors);
    for (const [place, signed] of seenBeforeKill) expect(survivors.get(place), place).toEqual(signed);
    expect(survivors.size).toBeGreaterThan(seenBeforeKill.size);

    // Any survivor proves every pre-confirmation, before and after the kill, through a plain viem client.
    for (const node of [standby, replica]) {
      const client = createPublicClient({ chain: sequinChain(node.url), transport: http(node.url, { retryCount: 0 }) });
      for (const { receipt } of [...before, ...after]) {
        const verified = await getVerifiedPreconfirmation(client, { hash: receipt.transactionHash, sequencer: FLEET_ADDRESS });
        expect(verified?.transactionHash).toBe(receipt.transactionHash);
        expect(verified?.blockNumber).toBe(receipt.blockNumber);
      }
    }
  }, 90_000);

  it('refuses a standby whose key is not the fleet’s, naming both addresses; a replica needs no key', async () => {
    const nats = await startNatsCluster();
    await fleetNode(nats.natsFlag, 'sequencer', TEST_SEQUENCER_KEYS.fleet);
    const refused = fleetNode(nats.natsFlag, 'standby', TEST_SEQUENCER_KEYS.other);
    await expect(refused).rejects.toThrow(FLEET_ADDRESS);
    await expect(refused).rejects.toThrow(privateKeyToAddress(TEST_SEQUENCER_KEYS.other));
    const replica = await fleetNode(nats.natsFlag, 'replica');
    expect(await rpcResult(replica.url, 'sequin_sequencer')).toEqual({ address: FLEET_ADDRESS, chainId: '0x7a69' });
  }, 60_000);
});
