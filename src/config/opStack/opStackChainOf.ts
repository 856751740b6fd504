import type { NodeConfig } from '../nodeConfig.js';
import { NODE_SETTINGS } from '../nodeSettings.js';
import type { OpStackChain } from './OpStackChain.js';
import { OP_NETWORKS } from './opNetworks.js';

/**
 * The OP Stack chain a node runs (`--network`), or undefined for Ethereum. A preset's chain id applies
 * unless `--chain-id` gives another (then the chain is that id with the preset's rules). In fork mode the
 * chain id is the remote's, already in `config.chainId`.
 */
export function opStackChainOf(config: Pick<NodeConfig, 'network' | 'chainId'>, forking: boolean): OpStackChain | undefined {
  if (config.network === 'ethereum') return undefined;
  const preset = OP_NETWORKS[config.network];
  const chainIdGiven = forking || config.chainId !== NODE_SETTINGS.chainId.default;
  return chainIdGiven ? { ...preset, chainId: config.chainId } : preset;
}
