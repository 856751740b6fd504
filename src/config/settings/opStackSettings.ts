import { NETWORKS } from '../opStack/OpStackChain.js';
import { bigWholeNumber, choice, wholeNumber } from '../settingKinds.js';

/** The chain's rules (`--network`): Ethereum's, or an OP Stack chain's with its simulated L1. */
export const OP_STACK_SETTINGS = {
  network: choice({
    name: 'network',
    valueName: 'NETWORK',
    choices: NETWORKS,
    default: 'ethereum',
    doc: "the chain's rules: `ethereum` (Sequin's own chain), or an OP Stack chain — `optimism` (Anvil's flag: every OP fork from genesis), `base` or `base-sepolia` (their chain ids unless `--chain-id` is given, fee parameters and forks as Base runs them): OP predeploys, an L1-attributes deposit opening every block, L1 data fees, deposit transactions; see [OP Stack mode](../op-stack.md)",
  }),
  l1BaseFee: bigWholeNumber({
    name: 'l1-base-fee',
    unit: 'wei',
    default: 1_000_000_000n,
    min: 0n,
    doc: "OP Stack networks: the simulated L1's base fee, which the L1-attributes deposit sets in L1Block (the L1 data fee follows it); changed at run time with `sequin_setL1BaseFee`",
  }),
  l1BlobBaseFee: bigWholeNumber({
    name: 'l1-blob-base-fee',
    unit: 'wei',
    default: 1n,
    min: 0n,
    doc: "OP Stack networks: the simulated L1's blob base fee; changed at run time with `sequin_setL1BlobBaseFee`",
  }),
  l1BlockTime: wholeNumber({
    name: 'l1-block-time',
    valueName: 'SECONDS',
    default: 12,
    min: 1,
    max: 3600,
    doc: "OP Stack networks: the simulated L1's block time in seconds (Ethereum's 12): a new L1 origin, with the next L1 block number, every this many seconds of L2 time",
  }),
};
