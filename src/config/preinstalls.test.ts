import { describe, expect, it } from 'vitest';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { type PreinstallName, preinstallAlloc, preinstalls } from './preinstalls.js';

/**
 * Runtime code hashes published independently of the data file: the OP-Stack preinstall spot checks
 * of agglayer/e2e (tests/dapps/dapps.bats, commit 915028509c13b52c1a3206055de1573e7c9d12e4), which
 * read them with EXTCODEHASH on a live OP-Stack chain. The same hashes are widely pinned for the
 * mainnet deployments (e.g. Multicall3's 0xd5c1…0891, the v0.7 EntryPoint's 0x8db5…fc58).
 */
const PUBLISHED_CODE_HASHES: Record<Exclude<PreinstallName, 'Permit2'>, Hex> = {
  DeterministicDeploymentProxy: '0x2fa86add0aed31f33a762c9d88e807c475bd51d0f52bd0955754b2608f7e4989',
  MultiCall3: '0xd5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891',
  EntryPoint_v070: '0x8db5ff695839d655407cc8490bb7a5d82337a86a6b39c3f0258aa6c3b582fc58',
  SenderCreator_v070: '0x283c9d14378f5f4c4e24045b87d621d48443fa5b4af7dd7180a599b3756a7689',
  EntryPoint_v060: '0xc93c806e738300b5357ecdc2e971d6438d34d8e4e17b99b758b1f9cac91c8e70',
  SenderCreator_v060: '0xae818091eaaf1b6175ee41472359a689f3823d0908a41e2e5c4ad508f2fc04a3',
  SafeSingletonFactory: '0x2fa86add0aed31f33a762c9d88e807c475bd51d0f52bd0955754b2608f7e4989',
  Create2Deployer: '0xb0550b5b431e30d38000efb7107aaa0ade03d48a7198a140edda9d27134468b2',
  CreateX: '0xbd8a7ea8cfca7b4e5f5041d7d4b17bc317c5ce42cfbc42066a00cf26b43eb53f',
  Safe_v130: '0xbba688fbdb21ad2bb58bc320638b43d94e7d100f6f3ebaab0a4e4de6304b1c2e',
  SafeL2_v130: '0x21842597390c4c6e3c1239e434a682b054bd9548eee5e9b1d6a4482731023c0f',
  MultiSend_v130: '0x81db0e4afdf5178583537b58c5ad403bd47a4ac7f9bde2442ef3e341d433126a',
  MultiSendCallOnly_v130: '0xa9865ac2d9c7a1591619b188c4d88167b50df6cc0c5327fcbd1c8c75f7c066ad',
};

const codeHash = (code: Uint8Array) => bytesToHex(keccak256(code));
const byName = (chainId: bigint) => new Map(preinstalls(chainId).map((preinstall) => [preinstall.name, preinstall]));

describe('preinstalls', () => {
  it.each(Object.entries(PUBLISHED_CODE_HASHES))('%s has the published runtime code hash', (name, hash) => {
    expect(codeHash(byName(31337n).get(name as PreinstallName)!.code)).toBe(hash);
  });

  it('puts each at its canonical address (the SenderCreators where their EntryPoint created them)', () => {
    expect(Object.fromEntries(preinstalls(1n).map(({ name, address }) => [name, address]))).toMatchObject({
      DeterministicDeploymentProxy: '0x4e59b44847b379578588920cA78FbF26c0B4956C',
      MultiCall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
      Permit2: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      EntryPoint_v070: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      EntryPoint_v060: '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
      SafeSingletonFactory: '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7',
    });
    // CREATE address of the EntryPoint at nonce 1: keccak256(rlp([entryPoint, 1]))[12:].
    for (const [entryPoint, senderCreator] of [
      ['EntryPoint_v070', 'SenderCreator_v070'],
      ['EntryPoint_v060', 'SenderCreator_v060'],
    ] as const) {
      const creator = byName(1n).get(entryPoint)!.address.slice(2).toLowerCase();
      const created = bytesToHex(keccak256(Buffer.from(`d694${creator}01`, 'hex')).slice(12));
      expect(created).toBe(byName(1n).get(senderCreator)!.address.toLowerCase());
      // The EntryPoint holds its SenderCreator's address as an immutable in its code.
      expect(bytesToHex(byName(1n).get(entryPoint)!.code)).toContain(created.slice(2));
    }
  });

  it("writes the chain's id and EIP-712 domain separator into Permit2's code (OP-Stack's test vectors)", () => {
    const domainSeparatorOf = (code: Uint8Array) => bytesToHex(code.slice(6983, 6983 + 32));
    const chainIdOf = (code: Uint8Array) => BigInt(bytesToHex(code.slice(6945, 6945 + 32)));
    // contracts-bedrock test/L2/Preinstalls.t.sol, test_permit2_templating.
    expect(domainSeparatorOf(byName(1n).get('Permit2')!.code)).toBe('0x866a5aba21966af95d6c7ab78eb2b2fc913915c28be3b9aa07cc04ff903e3f28');
    expect(chainIdOf(byName(1234n).get('Permit2')!.code)).toBe(1234n);
    expect(domainSeparatorOf(byName(1234n).get('Permit2')!.code)).toBe('0x6cda538cafce36292a6ef27740629597f85f6716f5694d26d5c59fc1d07cfd95');
    // Chain 1 is the template itself: mainnet's Permit2, byte for byte.
    expect(codeHash(byName(1n).get('Permit2')!.code)).toBe('0xc67d1657868aa5146eaf24fb879fb1fdec3d2d493b3683a61c9c2f4fb2851131');
    expect(codeHash(byName(31337n).get('Permit2')!.code)).not.toBe(codeHash(byName(1n).get('Permit2')!.code));
  });

  it('allocates each with nonce 1, no balance and no storage, by lower-case address', () => {
    const alloc = preinstallAlloc(31337n);
    expect(alloc.size).toBe(14);
    for (const [address, account] of alloc) {
      expect(address).toBe(address.toLowerCase());
      expect(account).toMatchObject({ balance: 0n, nonce: 1n, storage: new Map() });
      expect(account.code.length).toBeGreaterThan(0);
    }
  });
});
