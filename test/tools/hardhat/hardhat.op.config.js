/**
 * Hardhat 3's OP Stack chain (`chainType: 'op'`) for the comparison test (test/e2e/opHardhat.test.ts):
 * the benchmark peer's dev chain (hardhat.config.js) with Hardhat's OP rules — L1Block and
 * GasPriceOracle predeploys, L1 fees charged, OP receipt fields. `hardhat node` runs the network named
 * "node". Plain JS, like hardhat.config.js.
 */
import devConfig from './hardhat.config.js';

export default {
  networks: {
    node: { ...devConfig.networks.node, chainType: 'op' },
  },
};
