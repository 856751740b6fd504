/**
 * The preinstalls: contracts an OP-Stack chain has in its genesis state at their canonical
 * addresses (the CREATE2 deployers, Multicall3, Permit2, the ERC-4337 EntryPoints, Safe v1.3.0,
 * CreateX), so tools that expect them (forge's salted deploys, viem's multicall, account
 * abstraction SDKs) work on a new Sequin chain as on Base. `--no-preinstalls` leaves them out.
 *
 * The runtime code is data, read from OP-Stack's list (preinstallCode.json beside this file):
 *
 *   repository  ethereum-optimism/optimism
 *   path        packages/contracts-bedrock/src/libraries/Preinstalls.sol (the `…Code` hex constants)
 *   commit      d317e96c2add4a4e7fae72d6637ad241457f16c7
 *
 * Like OP-Stack's genesis script (scripts/SetPreinstalls.s.sol) every preinstall gets nonce 1
 * (an account created by a transaction after EIP-161 starts at 1) and no storage; the EntryPoints'
 * SenderCreators are where each EntryPoint's constructor created them (CREATE from the EntryPoint
 * at nonce 1), and their addresses are immutables in the EntryPoints' code. Left out: the EIP-4788
 * beacon roots contract, which is a protocol contract, not a preinstall for users.
 *
 * Permit2 keeps its chain id and EIP-712 domain separator as immutables in its code: the template
 * is mainnet's code (chain 1), and {@link permit2Code} writes a chain's values at the byte offsets
 * OP-Stack's `getPermit2Code` uses. Each code's keccak is checked against independently
 * published code hashes in preinstalls.test.ts.
 */
import { bigintToPaddedBytes, concatBytes, type Hex, hexToBytes, padBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import type { GenesisAccount } from './ChainSpec.js';
import preinstallCode from './preinstallCode.json' with { type: 'json' };

/** The name of a preinstall, as OP-Stack's Preinstalls.sol names it. */
export type PreinstallName = keyof typeof preinstallCode;

/** One preinstall: its name, canonical address (checksummed) and runtime code for a chain. */
export interface Preinstall {
  name: PreinstallName;
  address: Hex;
  code: Uint8Array;
}

/** Where Permit2's immutables sit in its runtime code (OP-Stack's getPermit2Code). */
const PERMIT2_CHAIN_ID_OFFSET = 6945;
const PERMIT2_DOMAIN_SEPARATOR_OFFSET = 6983;

/** The preinstalls of a chain with `chainId`, in the order of the table in docs/guides/preinstalls.md. */
export function preinstalls(chainId: bigint): Preinstall[] {
  return (Object.keys(preinstallCode) as PreinstallName[]).map((name) => {
    const { address, code } = preinstallCode[name];
    const template = hexToBytes(code);
    return { name, address: address as Hex, code: name === 'Permit2' ? permit2Code(template, address as Hex, chainId) : template };
  });
}

/** The genesis accounts of the preinstalls, by lower-case address: code, nonce 1, no balance or storage. */
export function preinstallAlloc(chainId: bigint): Map<Hex, GenesisAccount> {
  return new Map(preinstalls(chainId).map(({ address, code }) => [address.toLowerCase() as Hex, { balance: 0n, nonce: 1n, code, storage: new Map() }]));
}

/**
 * Permit2's runtime code for `chainId`: the template with the chain id and the domain separator
 * keccak256(abi.encode(keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)"),
 * keccak256("Permit2"), chainId, address)) written over the template's (32 bytes each).
 */
export function permit2Code(template: Uint8Array, address: Hex, chainId: bigint): Uint8Array {
  const code = template.slice();
  const text = new TextEncoder();
  const domainSeparator = keccak256(
    concatBytes([
      keccak256(text.encode('EIP712Domain(string name,uint256 chainId,address verifyingContract)')),
      keccak256(text.encode('Permit2')),
      bigintToPaddedBytes(chainId, 32),
      padBytes(hexToBytes(address), 32),
    ]),
  );
  code.set(bigintToPaddedBytes(chainId, 32), PERMIT2_CHAIN_ID_OFFSET);
  code.set(domainSeparator, PERMIT2_DOMAIN_SEPARATOR_OFFSET);
  return code;
}
