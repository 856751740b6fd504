// Genesis from an alloc with balances, nonces, code and storage: the state the chain starts from,
// and its root as an independent implementation (@ethereumjs's own state manager) computes it.

import { Account, Address } from '@ethereumjs/util';
import { createVM } from '@ethereumjs/vm';
import { bytesToHex as viemBytesToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { ChainReader } from '../chain/ChainReader.js';
import { ChainWriter } from '../chain/ChainWriter.js';
import type { GenesisAccount } from '../config/ChainSpec.js';
import { createChainCommon } from '../config/chainCommon.js';
import { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { WorldState } from '../execution/WorldState.js';
import { bytesToHex, type Hex, hexToBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { MemoryStorage } from '../storage/MemoryStorage.js';
import { BlockParameters } from './BlockParameters.js';
import { bootChain } from './bootChain.js';

const CONTRACT: Hex = '0x00000000000000000000000000000000000C0dE0';
const HOLDER: Hex = '0x1111111111111111111111111111111111111111';
const CODE = hexToBytes('0x602a60005260206000f3');

const alloc = new Map<Hex, GenesisAccount>([
  [
    CONTRACT,
    {
      balance: 7n,
      nonce: 3n,
      code: CODE,
      storage: new Map<Hex, Hex>([
        [`0x${'00'.repeat(31)}01`, `0x${'00'.repeat(31)}2a`],
        [`0x${'ab'.repeat(32)}`, `0x${'00'.repeat(16)}${'ff'.repeat(16)}`],
        // A zero value is no storage at all.
        [`0x${'00'.repeat(31)}02`, `0x${'00'.repeat(32)}`],
      ]),
    },
  ],
  [HOLDER.toUpperCase().replace('0X', '0x') as Hex, { balance: 10n ** 21n, nonce: 0n, code: new Uint8Array(0), storage: new Map() }],
]);

async function boot() {
  const storage = new MemoryStorage();
  const chain = new ChainReader(storage, { cacheRecent: false });
  const world = new WorldState(storage);
  await bootChain({
    common: createChainCommon(31337n),
    storage,
    chain,
    chainWriter: new ChainWriter(chain),
    world,
    trieNodes: new TrieNodeStore(storage),
    genesis: { chainId: 31337n, alloc, gasLimit: 30_000_000n, baseFeePerGas: 1_000_000_000n, coinbase: new Uint8Array(20) },
    parameters: new BlockParameters({ gasLimit: 30_000_000n, coinbase: new Uint8Array(20), common: createChainCommon(31337n) }),
    now: Date.now(),
  });
  return { chain, world };
}

describe('bootChain: genesis from an alloc', () => {
  it('starts the chain with each account’s balance, nonce, code and non-zero storage', async () => {
    const { world } = await boot();
    const contract = CONTRACT.slice(2).toLowerCase();
    expect(world.account(contract)).toMatchObject({ balance: 7n, nonce: 3n });
    expect(bytesToHex(world.account(contract)!.codeHash)).toBe(bytesToHex(keccak256(CODE)));
    expect(world.code(bytesToHex(keccak256(CODE)).slice(2))).toEqual(CODE);
    expect(bytesToHex(world.storage(contract, `${'00'.repeat(31)}01`))).toBe('0x2a');
    expect(bytesToHex(world.storage(contract, 'ab'.repeat(32)))).toBe(`0x${'ff'.repeat(16)}`);
    expect(world.storage(contract, `${'00'.repeat(31)}02`)).toEqual(new Uint8Array(0));
    expect(world.account(HOLDER.slice(2))).toMatchObject({ balance: 10n ** 21n, nonce: 0n });
  });

  it('seals a genesis block whose state root is the one an independent implementation computes', async () => {
    const { chain } = await boot();
    const vm = await createVM({ common: createChainCommon(31337n) });
    for (const [address, account] of alloc) {
      const at = new Address(hexToBytes(address));
      await vm.stateManager.putAccount(at, new Account(account.nonce, account.balance));
      if (account.code.length > 0) await vm.stateManager.putCode(at, account.code);
      for (const [slot, value] of account.storage) if (BigInt(value) !== 0n) await vm.stateManager.putStorage(at, hexToBytes(slot), hexToBytes(value));
    }
    expect(chain.blockByNumber(0)!.stateRoot).toBe(viemBytesToHex(await vm.stateManager.getStateRoot()));
  });
});
