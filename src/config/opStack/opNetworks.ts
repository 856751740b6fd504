/**
 * The OP Stack presets of `--network`. Where the figures come from:
 *
 * - Fork times, EIP-1559 elasticity and pre-Holocene denominators, L1 contract addresses: the Superchain
 *   Registry's `superchain/configs/{mainnet,sepolia}/base.toml` and `mainnet/op.toml` (ethereum-optimism/
 *   superchain-registry, as of commit 0d9aefc41de3^, the last before Base left the registry in April 2026),
 *   and base/base's `crates/alloy/upgrades` (Base runs every OP fork up to Jovian; its own `V1` is
 *   scheduled on no production chain).
 * - Base Mainnet's current denominator (125, from 4 Feb 2026) and minimum base fee (5,000,000 wei): Base's
 *   network-fees documentation and its configuration changelog. Base Sepolia is given the same minimum.
 * - Fee scalars: Base Mainnet's post-Ecotone SystemConfig scalars (baseFeeScalar 2269, blobBaseFeeScalar
 *   1055762), used for Base Sepolia too; `optimism` uses the OP Stack's standard defaults (1368, 810949,
 *   the values op-deployer writes, as in the registry's sepolia-devnet-2 scalar word). No operator fee
 *   on any of them (Base charges none); the DA footprint scalar is left to its default (400).
 *
 * `optimism` is Anvil's flag: a generic OP chain with every fork from genesis, OP Mainnet's L1 addresses.
 */
import type { OpNetwork, OpStackChain } from './OpStackChain.js';

const ALL_FROM_GENESIS = { regolith: 0n, canyon: 0n, ecotone: 0n, fjord: 0n, granite: 0n, holocene: 0n, isthmus: 0n, jovian: 0n } as const;

const BASE_SCALARS = { baseFeeScalar: 2269, blobBaseFeeScalar: 1_055_762, operatorFeeScalar: 0, operatorFeeConstant: 0n, daFootprintGasScalar: 0 };

export const OP_NETWORKS: Readonly<Record<OpNetwork, OpStackChain>> = {
  optimism: {
    network: 'optimism',
    chainId: 31337n,
    l1ChainId: 1n,
    forks: ALL_FROM_GENESIS,
    eip1559: { elasticity: 6n, denominator: 250n, denominatorPreCanyon: 50n, minBaseFee: 0n },
    systemConfig: {
      baseFeeScalar: 1368,
      blobBaseFeeScalar: 810_949,
      operatorFeeScalar: 0,
      operatorFeeConstant: 0n,
      daFootprintGasScalar: 0,
      batcher: '0x6887246668a3b87f54deb3b94ba47a6f63f32985',
    },
    l1Contracts: {
      crossDomainMessenger: '0x25ace71c97b33cc4729cf772ae268934f7ab5fa1',
      standardBridge: '0x99c9fc46f92e8a1c0dec1b1747d010903e884be1',
      erc721Bridge: '0x5a7749f83b81b301cab5f48eb8516b986daef23d',
    },
  },
  base: {
    network: 'base',
    chainId: 8453n,
    l1ChainId: 1n,
    forks: {
      regolith: 0n,
      canyon: 1_704_992_401n,
      ecotone: 1_710_374_401n,
      fjord: 1_720_627_201n,
      granite: 1_726_070_401n,
      holocene: 1_736_445_601n,
      isthmus: 1_746_806_401n,
      jovian: 1_764_691_201n,
    },
    eip1559: { elasticity: 6n, denominator: 125n, denominatorPreCanyon: 50n, minBaseFee: 5_000_000n },
    systemConfig: { ...BASE_SCALARS, batcher: '0x5050f69a9786f081509234f1a7f4684b5e5b76c9' },
    l1Contracts: {
      crossDomainMessenger: '0x866e82a600a1414e583f7f13623f1ac5d58b0afa',
      standardBridge: '0x3154cf16ccdb4c6d922629664174b904d80f2c35',
      erc721Bridge: '0x608d94945a64503e642e6370ec598e519a2c1e53',
    },
  },
  'base-sepolia': {
    network: 'base-sepolia',
    chainId: 84532n,
    l1ChainId: 11_155_111n,
    forks: {
      regolith: 0n,
      canyon: 1_699_981_200n,
      ecotone: 1_708_534_800n,
      fjord: 1_716_998_400n,
      granite: 1_723_478_400n,
      holocene: 1_732_633_200n,
      isthmus: 1_744_905_600n,
      jovian: 1_763_568_001n,
    },
    eip1559: { elasticity: 10n, denominator: 250n, denominatorPreCanyon: 50n, minBaseFee: 5_000_000n },
    systemConfig: { ...BASE_SCALARS, batcher: '0x6cdebe940bc0f26850285caca097c11c33103e47' },
    l1Contracts: {
      crossDomainMessenger: '0xc34855f4de64f1840e5686e64278da901e261f20',
      standardBridge: '0xfd0bf71f60660e2f608ed56e1659c450eb113120',
      erc721Bridge: '0x21efd066e581fa55ef105170cc04d74386a09190',
    },
  },
};
