// Which methods a replica sends to the sequencer: every served way to submit a transaction, and
// the pool-backed status methods, whatever their namespace.

import { describe, expect, it } from 'vitest';
import { ALL_METHODS } from '../rpc/allMethods.js';
import { isForwardedWrite } from './forwardedWrites.js';

const served = ALL_METHODS.map((method) => method.name);

describe('isForwardedWrite', () => {
  it('forwards every served method that submits a transaction', () => {
    const sends = served.filter((name) => /^(eth|sequin)_send/.test(name));
    expect(sends.length).toBeGreaterThanOrEqual(5);
    expect(sends.filter((name) => !isForwardedWrite(name))).toEqual([]);
  });

  it('forwards the transaction-status methods, which answer from the sequencer pool', () => {
    expect(isForwardedWrite('chain_transactionStatus')).toBe(true);
    expect(isForwardedWrite('base_transactionStatus')).toBe(true);
  });

  it('answers reads of the shared chain views locally', () => {
    for (const name of [
      'eth_call',
      'eth_getBlockByNumber',
      'eth_getTransactionReceipt',
      'eth_subscribe',
      'sequin_getPreconfirmation',
      'sequin_getCommitments',
      'sequin_sequencer',
    ])
      expect(isForwardedWrite(name)).toBe(false);
  });
});
