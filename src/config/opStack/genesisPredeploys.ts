/**
 * The OP Stack predeploys at genesis, as a new OP chain's genesis has them (the specs' protocol/
 * predeploys.md; OP's L2Genesis script): every address from 0x4200…0000 to 0x4200…07FF holds the
 * predeploy Proxy administered by the ProxyAdmin (0x4200…0018), WETH9 (0x4200…0006) is not proxied,
 * no GovernanceToken (0x4200…0042); the deployed predeploys' proxies point (ERC-1967 implementation
 * slot) at their implementations in the code namespace 0xc0D3C0d3…, initialized as L2Genesis leaves
 * them; the EIP-4788 beacon roots and EIP-2935 history contracts are there too (nonce 1).
 *
 * The code and storage are data (predeployGenesis.json beside this file), taken from a real genesis:
 *
 *   repository  ethereum-optimism/superchain-registry
 *   path        superchain/extra/genesis/sepolia-devnet-2/sepolia-devnet-2.json.zst (zstd with the
 *               registry's superchain/extra/dictionary)
 *   commit      8336d2aedd19b87a57b01ae36ba4afef8ea377d0
 *
 * the genesis op-deployer wrote in July 2026 for an OP chain with every fork through Jovian active from
 * genesis (so L1Block takes `setL1BlockValuesJovian`, and the GasPriceOracle has Ecotone, Fjord, Isthmus
 * and Jovian set: storage slot 0 = 0x01010101). Left out of it: the devnet's dev accounts and preinstalls
 * (Sequin has its own), and the implementations of two predeploys Base does not have (ConditionalDeployer
 * 0x4200…002C and L2DevFeatureFlags 0x4200…002D keep a bare proxy, like the namespace's unused addresses).
 *
 * What a chain sets itself is written for the network: the L1 contracts the L2CrossDomainMessenger
 * (slot 0xcf), L2StandardBridge (slot 4) and L2ERC721Bridge (slot 2) point at, and the L1 chain id of the
 * OptimismMintableERC721Factory (slot 2) — see opNetworks.ts. The fee vaults' recipients and the
 * ProxyAdmin's owner stay the template's.
 */

import { bigintToPaddedBytes, bytesToHex, type Hex, hexToBytes, padBytes } from '../../primitives/hex.js';
import type { GenesisAccount } from '../ChainSpec.js';
import type { OpStackChain } from './OpStackChain.js';
import genesis from './predeployGenesis.json' with { type: 'json' };

/** ERC-1967's admin and implementation slots. */
const ADMIN_SLOT: Hex = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const IMPLEMENTATION_SLOT: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const NAMESPACE_SIZE = 0x800;

/** The slots a network sets itself, per predeploy (the last 4 hex digits of its address). */
function networkSlots(chain: OpStackChain): Record<string, Record<Hex, Hex>> {
  return {
    '0007': { [slot(0xcfn)]: word(chain.l1Contracts.crossDomainMessenger) },
    '0010': { [slot(4n)]: word(chain.l1Contracts.standardBridge) },
    '0014': { [slot(2n)]: word(chain.l1Contracts.erc721Bridge) },
    '0017': { [slot(2n)]: bytesToHex(bigintToPaddedBytes(chain.l1ChainId, 32)) },
  };
}

/** The genesis accounts of the OP Stack predeploys for `chain`, by lower-case 0x address. */
export function predeployAlloc(chain: OpStackChain): Map<Hex, GenesisAccount> {
  const alloc = new Map<Hex, GenesisAccount>();
  const proxyCode = hexToBytes(genesis.proxyCode);
  const adminWord = word(genesis.proxyAdmin as Hex);
  const implementations = genesis.implementations as Record<string, { implementation: string; code: string; storage: Record<string, string> }>;
  const proxyStorage = genesis.proxyStorage as Record<string, Record<string, string>>;
  const overrides = networkSlots(chain);
  for (let index = 0; index < NAMESPACE_SIZE; index++) {
    const suffix = index.toString(16).padStart(4, '0');
    const address = `0x${'42'.padEnd(36, '0')}${suffix}` as Hex;
    if (genesis.unproxied.includes(address)) continue;
    const storage = new Map<Hex, Hex>([[ADMIN_SLOT, adminWord]]);
    const implementation = implementations[suffix];
    if (implementation) storage.set(IMPLEMENTATION_SLOT, word(implementation.implementation as Hex));
    for (const [key, value] of Object.entries({ ...proxyStorage[suffix], ...overrides[suffix] })) storage.set(key as Hex, value as Hex);
    alloc.set(address, { balance: 0n, nonce: 0n, code: proxyCode, storage });
  }
  for (const { implementation, code, storage } of Object.values(implementations)) {
    const slots = new Map<Hex, Hex>([[ADMIN_SLOT, adminWord], ...(Object.entries(storage) as Array<[Hex, Hex]>)]);
    alloc.set(implementation.toLowerCase() as Hex, { balance: 0n, nonce: 0n, code: hexToBytes(code), storage: slots });
  }
  alloc.set('0x4200000000000000000000000000000000000006', { balance: 0n, nonce: 0n, code: hexToBytes(genesis.weth9), storage: new Map() });
  for (const [address, { code }] of Object.entries(genesis.systemContracts)) {
    alloc.set(`0x${address}` as Hex, { balance: 0n, nonce: 1n, code: hexToBytes(code), storage: new Map() });
  }
  return alloc;
}

function slot(index: bigint): Hex {
  return bytesToHex(bigintToPaddedBytes(index, 32));
}

function word(address: Hex): Hex {
  return bytesToHex(padBytes(hexToBytes(address), 32));
}
