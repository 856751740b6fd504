import type { NodeConfig } from '../nodeConfig.js';
import { NODE_SETTINGS } from '../nodeSettings.js';
import type { OpNetwork, OpStackChain } from './OpStackChain.js';
import { OP_NETWORKS } from './opNetworks.js';

/**
 * The OP Stack chain a node runs (`--network`), or undefined for Ethereum. A preset's chain id applies
 * unless `--chain-id` gives another (then the chain is that id with the preset's rules). In fork mode the
 * chain id is the remote's, already in `config.chainId`, and a fork of Base or Base Sepolia (chain id
 * 8453 or 84532) with `--network` left at its default runs Base's rules: its blocks open with deposits.
 */
export function opStackChainOf(config: Pick<NodeConfig, 'network' | 'chainId'>, forking: boolean): OpStackChain | undefined {
  const network = config.network === 'ethereum' && forking ? baseNetworkOf(config.chainId) : config.network;
  if (network === 'ethereum' || network === undefined) return undefined;
  const preset = OP_NETWORKS[network];
  const chainIdGiven = forking || config.chainId !== NODE_SETTINGS.chainId.default;
  return chainIdGiven ? { ...preset, chainId: config.chainId } : preset;
}

/** The Base preset whose chain id is `chainId`, if any. */
function baseNetworkOf(chainId: bigint): OpNetwork | undefined {
  return (['base', 'base-sepolia'] as const).find((network) => OP_NETWORKS[network].chainId === chainId);
}
