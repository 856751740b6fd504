import { type Compatibility, clientVersionOf } from '../config/compatibility.js';

/** Who the node is: its chain id and its client version string (web3_clientVersion). */
export class NodeInfo {
  constructor(private readonly chain: { chainId: bigint; version: string; compatibility: Compatibility }) {}

  chainId(): bigint {
    return this.chain.chainId;
  }

  /**
   * "Sequin/v<version>/<platform>-<arch>/node<version>", in geth's form; prefixed with the peer it
   * presents itself as under `--compat anvil|hardhat` (config/compatibility.ts).
   */
  clientVersion(): string {
    return clientVersionOf(this.chain.compatibility, `Sequin/v${this.chain.version}/${process.platform}-${process.arch}/node${process.versions.node}`);
  }
}
