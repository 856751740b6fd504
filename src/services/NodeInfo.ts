/** Who the node is: its chain id and its client version string (web3_clientVersion). */
export class NodeInfo {
  constructor(private readonly chain: { chainId: bigint; version: string }) {}

  chainId(): bigint {
    return this.chain.chainId;
  }

  /** "Sequin/v<version>/<platform>-<arch>/node<version>", in geth's form. */
  clientVersion(): string {
    return `Sequin/v${this.chain.version}/${process.platform}-${process.arch}/node${process.versions.node}`;
  }
}
