/**
 * Minimal Hardhat 3 config for the benchmark peer (`hardhat node` uses the
 * network named "node"). It lives here, beside the Hardhat installation,
 * because Hardhat refuses to run a project that has no local installation
 * (HHE22); the real-tool tests use their own project, test/fixtures/hardhat.
 * It mirrors Sequin's dev chain so both nodes see the
 * same workload: chain id 31337, the well-known test mnemonic, 20 accounts with
 * 10000 ETH each, a 1 gwei starting base fee, and automine (one block per tx).
 * Plain JS (no `hardhat/config` import) so the root tsconfig never needs
 * Hardhat's types.
 */
const devChain = {
  type: 'edr-simulated',
  chainType: 'l1',
  chainId: 31337,
  initialBaseFeePerGas: 1_000_000_000,
  accounts: {
    mnemonic: 'test test test test test test test test test test test junk',
    count: 20,
    accountsBalance: '10000000000000000000000',
  },
  mining: { auto: true, interval: 0 },
};

export default {
  networks: {
    node: devChain,
  },
};
