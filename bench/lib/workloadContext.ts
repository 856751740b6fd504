import type { Address } from 'viem';
import type { Peer } from '../peers/types.js';
import type { WorkloadContext } from '../workloads/types.js';
import { benchAccounts } from './accounts.js';
import { deployToken } from './erc20.js';
import { RpcClient } from './rpc.js';

/** What every workload is given for one started peer: its URL and pid, a client, and the bench token deployed once, on first use. */
export function workloadContext(peer: Pick<Peer, 'url' | 'pid'>, quick: boolean): WorkloadContext {
  const rpc = new RpcClient(peer.url);
  let token: Promise<Address> | undefined;
  return {
    url: peer.url,
    pid: peer.pid,
    rpc,
    quick,
    token: () => (token ??= deployToken(rpc, benchAccounts()[0]!)),
    burstHashes: [],
  };
}
