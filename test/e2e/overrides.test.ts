/**
 * geth's state and block overrides on eth_call, eth_estimateGas, eth_createAccessList and
 * debug_traceCall, through viem (`stateOverride`, `blockOverrides`) and raw JSON-RPC, on a node
 * with a data directory and on an --ephemeral one (LMDB in RAM): both run these in execution
 * workers, so the overrides travel inside the jobs. The in-process lanes of test chains are
 * covered by services/calls/CallQueries.test.ts.
 */
import { getAddress, type Hex, hexToBigInt, keccak256, pad, parseEther, sliceHex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpcError, rpcResult, viemClients } from './helpers.js';

/** Returns SLOAD(slot) as one word: PUSH1 slot SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN. */
const returnSlot = (slot: number): Hex => `0x60${slot.toString(16).padStart(2, '0')}5460005260206000f3`;
/** Returns SELFBALANCE as one word. */
const RETURN_OWN_BALANCE: Hex = '0x4760005260206000f3';
/** Returns NUMBER, TIMESTAMP, GASLIMIT, COINBASE, BASEFEE, PREVRANDAO, BLOBBASEFEE as seven words. */
const RETURN_BLOCK_FIELDS =
  `0x${['43', '42', '45', '41', '48', '44', '4a'].map((op, index) => `${op}60${(index * 32).toString(16).padStart(2, '0')}52`).join('')}60e06000f3` as Hex;

const FRESH = privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;
const OTHER = privateKeyToAddress(generatePrivateKey()).toLowerCase() as Hex;
const word = (value: bigint) => pad(toHex(value), { size: 32 });
const words = (data: Hex) => Array.from({ length: (data.length - 2) / 64 }, (_, index) => sliceHex(data, index * 32, (index + 1) * 32));

const nodes: Record<string, NodeProcess> = {};

beforeAll(async () => {
  [nodes.dataDir, nodes.ephemeral] = await Promise.all([startNodeProcess({ storage: 'temp' }), startNodeProcess({ storage: 'ephemeral' })]);
});
afterAll(cleanupNodeProcesses);

describe.each(['dataDir', 'ephemeral'])('overrides (%s node)', (where) => {
  const url = () => nodes[where]!.url;
  const client = () => viemClients(url()).publicClient;

  it('eth_call: code, balance and storage ("state" replaces, "stateDiff" adds) of any account, for that call only', async () => {
    const stateOverride = [{ address: FRESH, code: returnSlot(1), state: [{ slot: word(1n), value: word(42n) }] }];
    expect((await client().call({ to: FRESH, stateOverride })).data).toBe(word(42n));
    const diff = [{ address: FRESH, code: returnSlot(2), stateDiff: [{ slot: word(2n), value: word(7n) }] }];
    expect((await client().call({ to: FRESH, stateOverride: diff })).data).toBe(word(7n));
    const balance = [{ address: FRESH, code: RETURN_OWN_BALANCE, balance: parseEther('3') }];
    expect((await client().call({ to: FRESH, stateOverride: balance })).data).toBe(word(parseEther('3')));
    // Nothing stays behind.
    expect(await client().getCode({ address: FRESH })).toBeUndefined();
    expect(await client().getBalance({ address: FRESH })).toBe(0n);
  });

  it('eth_call: block overrides are what NUMBER, TIMESTAMP, GASLIMIT, COINBASE, BASEFEE, PREVRANDAO and BLOBBASEFEE read', async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    const randao = keccak256('0x01');
    const { data } = await client().call({
      account: payer.address,
      to: FRESH,
      // A fee cap: without one, geth (and Sequin) run the call with base fee 0.
      maxFeePerGas: 5_000_000_000n,
      maxPriorityFeePerGas: 0n,
      stateOverride: [
        { address: FRESH, code: RETURN_BLOCK_FIELDS },
        { address: payer.address, balance: parseEther('1') },
      ],
      blockOverrides: {
        number: 1234n,
        time: 99_999n,
        gasLimit: 31_000_000n,
        feeRecipient: OTHER,
        baseFeePerGas: 3_000_000_000n,
        prevRandao: hexToBigInt(randao),
        blobBaseFee: 17n,
      },
    });
    const fields = words(data!);
    expect(fields.map((field) => hexToBigInt(field))).toEqual([1234n, 99_999n, 31_000_000n, hexToBigInt(OTHER), 3_000_000_000n, hexToBigInt(randao), 17n]);
  });

  it('eth_estimateGas: a state override pays for a transfer the sender could not', async () => {
    const poor = privateKeyToAddress(generatePrivateKey());
    const transfer = { account: poor, to: OTHER, value: parseEther('1') };
    await expect(client().estimateGas(transfer)).rejects.toThrow(/insufficient funds/);
    expect(await client().estimateGas({ ...transfer, stateOverride: [{ address: poor, balance: parseEther('2') }] })).toBe(21_000n);
    // Code given to the recipient makes it a contract call: the estimate covers running it.
    const reverting = [
      { address: poor, balance: parseEther('2') },
      { address: OTHER, code: '0x60006000fd' as Hex },
    ];
    await expect(client().estimateGas({ ...transfer, stateOverride: reverting })).rejects.toThrow(/execution reverted/);
  });

  it('movePrecompileToAddress: ecrecover answers at its new address, its old one is a plain account', async () => {
    const signer = privateKeyToAccount(generatePrivateKey());
    const digest = keccak256('0x1234');
    const signature = await signer.sign({ hash: digest });
    const input = `0x${digest.slice(2)}${pad(toHex(Number(`0x${signature.slice(130)}`)), { size: 32 }).slice(2)}${signature.slice(2, 130)}` as Hex;
    const ecrecover = '0x0000000000000000000000000000000000000001';
    const moved = await rpcResult<Hex>(url(), 'eth_call', [{ to: FRESH, input }, 'latest', { [ecrecover]: { movePrecompileToAddress: FRESH } }]);
    expect(moved).toBe(pad(signer.address.toLowerCase() as Hex, { size: 32 }));
    expect(await rpcResult<Hex>(url(), 'eth_call', [{ to: ecrecover, input }, 'latest', { [ecrecover]: { movePrecompileToAddress: FRESH } }])).toBe('0x');
    expect(await rpcResult<Hex>(url(), 'eth_call', [{ to: ecrecover, input }, 'latest'])).toBe(moved);
  });

  it("refuses what geth refuses, with geth's messages", async () => {
    const both = { [FRESH]: { state: { [word(1n)]: word(1n) }, stateDiff: { [word(1n)]: word(2n) } } };
    expect(await rpcError(url(), 'eth_call', [{ to: FRESH }, 'latest', both])).toEqual({
      code: -32000,
      message: `account ${getAddress(FRESH)} has both 'state' and 'stateDiff'`,
    });
    const notPrecompile = { '0xc000000000000000000000000000000000000000': { movePrecompileToAddress: FRESH } };
    expect(await rpcError(url(), 'eth_estimateGas', [{ to: FRESH }, 'latest', notPrecompile])).toEqual({
      code: -32000,
      message: 'account 0xC000000000000000000000000000000000000000 is not a precompile',
    });
    expect(await rpcError(url(), 'eth_call', [{ to: FRESH }, 'latest', {}, { beaconRoot: word(1n) }])).toEqual({
      code: -32000,
      message: 'block override "beaconRoot" is not supported for this RPC method',
    });
    expect((await rpcError(url(), 'eth_call', [{ to: FRESH }, 'latest', {}, {}, 'extra'])).message).toBe('too many arguments, want at most 4');
  });

  it('eth_createAccessList: the state override (third parameter) is what the call runs on', async () => {
    // PUSH20 OTHER EXTCODESIZE POP STOP: touches OTHER only once FRESH has this code.
    const touchOther = `0x73${OTHER.slice(2)}3b5000` as Hex;
    const without = await rpcResult<{ accessList: unknown[] }>(url(), 'eth_createAccessList', [{ to: FRESH }, 'latest']);
    expect(without.accessList).toEqual([]);
    const withCode = await rpcResult<{ accessList: unknown[] }>(url(), 'eth_createAccessList', [{ to: FRESH }, 'latest', { [FRESH]: { code: touchOther } }]);
    expect(withCode.accessList).toEqual([{ address: OTHER, storageKeys: [] }]);
  });

  it('debug_traceCall: stateOverrides and blockOverrides in the config', async () => {
    const trace = await rpcResult<{ output: Hex; to: Hex }>(url(), 'debug_traceCall', [
      { to: FRESH },
      'latest',
      { tracer: 'callTracer', stateOverrides: { [FRESH]: { code: RETURN_BLOCK_FIELDS } }, blockOverrides: { number: '0x4d2' } },
    ]);
    expect(hexToBigInt(words(trace.output)[0]!)).toBe(1234n);
  });
});
