import { describe, expect, it } from 'vitest';
import { EventBus } from '../../events/EventBus.js';
import type { Hex } from '../../primitives/hex.js';
import { createLogger } from '../../primitives/logger.js';
import { CallLogging } from '../../services/dev/CallLogging.js';
import type { TxPool } from '../../txpool/TxPool.js';
import { NodeMetrics } from './NodeMetrics.js';
import { observeChainMetrics } from './observeChainMetrics.js';
import { createRpcCallObserver } from './rpcCallObserver.js';

/** The summary fields of the chain events the metrics follow. */
type ChainEventSummaries = {
  pendingTransaction: { hash: Hex };
  subBlock: { blockNumber: bigint; index: number; timestamp: bigint; transactionHashes: Hex[]; preconfirmedAtMs: number; buildMs?: number };
  sealedBlock: { number: bigint; hash: Hex; transactionHashes: Hex[]; sealMs?: number };
  rewound: { blockNumber: number };
};

/** The value of one sample line of the exposition text, e.g. `name{a="b"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('node metrics', () => {
  it('counts calls by registered method, tier and outcome; unknown methods share one label', async () => {
    const metrics = new NodeMetrics();
    const lines: string[] = [];
    const observer = createRpcCallObserver(metrics, createLogger('info', { format: 'json', write: (line) => lines.push(line) }), { logRpc: true });
    const context = { tier: 'public' as const, requestId: 'r1', remoteAddress: '192.0.2.1', keyName: 'app1' };
    observer.onCall({ method: 'eth_chainId', registered: true, context, durationMs: 2 });
    observer.onCall({ method: 'eth_getBlockReceipts', registered: true, context, durationMs: 0.1, errorCode: -32004 });
    observer.onCall({ method: 'random_junk_1', registered: false, context, durationMs: 0.1, errorCode: -32601 });
    observer.onCall({ method: 'random_junk_2', registered: false, context, durationMs: 0.1, errorCode: -32601 });
    observer.onCall({ method: 'eth_call', registered: true, context, durationMs: 60_000, errorCode: -32002 });
    // -32603: a fault of the node, or Hardhat's failed execution (--compat hardhat), which is not one.
    observer.onCall({ method: 'eth_sendTransaction', registered: true, context, durationMs: 1, errorCode: -32603, fault: true });
    observer.onCall({ method: 'eth_sendTransaction', registered: true, context, durationMs: 1, errorCode: -32603 });
    const { body } = await metrics.render();
    expect(sample(body, 'sequin_rpc_calls_total{method="eth_chainId",tier="public",outcome="ok"}')).toBe(1);
    expect(sample(body, 'sequin_rpc_calls_total{method="eth_getBlockReceipts",tier="public",outcome="refused"}')).toBe(1);
    expect(sample(body, 'sequin_rpc_calls_total{method="unknown",tier="public",outcome="error"}')).toBe(2);
    expect(sample(body, 'sequin_rpc_calls_total{method="eth_call",tier="public",outcome="timeout"}')).toBe(1);
    expect(sample(body, 'sequin_rpc_calls_total{method="eth_sendTransaction",tier="public",outcome="internal_error"}')).toBe(1);
    expect(sample(body, 'sequin_rpc_calls_total{method="eth_sendTransaction",tier="public",outcome="error"}')).toBe(1);
    expect(body).not.toContain('random_junk');
    expect(sample(body, 'sequin_rpc_call_duration_seconds_bucket{le="0.0025",method="eth_chainId",tier="public"}')).toBe(1);
    // --log-rpc: one info line per call, with the key's name, never a key.
    expect(lines).toHaveLength(7);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      msg: 'rpc eth_chainId',
      method: 'eth_chainId',
      outcome: 'ok',
      tier: 'public',
      requestId: 'r1',
      client: '192.0.2.1',
      key: 'app1',
    });
    // Process metrics come along.
    expect(body).toContain('process_resident_memory_bytes');
  });

  it('without --log-rpc, calls are logged at debug level only', () => {
    const lines: string[] = [];
    const observer = createRpcCallObserver(new NodeMetrics(), createLogger('info', { format: 'json', write: (line) => lines.push(line) }), { logRpc: false });
    observer.onCall({ method: 'eth_chainId', registered: true, context: { tier: 'public' }, durationMs: 1 });
    expect(lines).toEqual([]);
  });

  it('anvil_setLoggingEnabled switches the per-call log while the node runs', () => {
    const lines: string[] = [];
    const logging = new CallLogging(false);
    const observer = createRpcCallObserver(new NodeMetrics(), createLogger('info', { format: 'json', write: (line) => lines.push(line) }), { logRpc: logging });
    const call = (method: string) => observer.onCall({ method, registered: true, context: { tier: 'dedicated' }, durationMs: 1 });
    call('eth_chainId');
    logging.setEnabled(true);
    call('eth_blockNumber');
    logging.setEnabled(false);
    call('eth_gasPrice');
    expect(lines.map((line) => JSON.parse(line).method)).toEqual(['eth_blockNumber']);
  });

  it('times submit → pre-confirmation, sub-block builds and seals, and reads the pool at scrape time', async () => {
    const metrics = new NodeMetrics();
    const events = new EventBus<ChainEventSummaries>();
    const clock = { ms: 1000 };
    const pool = { status: () => ({ pending: 3, queued: 2 }) } as unknown as TxPool;
    const stop = observeChainMetrics(metrics, events, pool, () => clock.ms);
    events.emit('pendingTransaction', { hash: '0xaa' });
    clock.ms += 120;
    events.emit('pendingTransaction', { hash: '0xbb' });
    clock.ms += 60;
    events.emit('subBlock', { blockNumber: 1n, index: 0, timestamp: 1n, transactionHashes: ['0xaa', '0xbb', '0xcc'], preconfirmedAtMs: 0, buildMs: 4 });
    events.emit('sealedBlock', { number: 7n, hash: '0x01', transactionHashes: [], sealMs: 30 });
    const { body } = await metrics.render();
    // 180 ms and 60 ms; 0xcc was never seen submitted (e.g. restored from the journal) and is not timed.
    expect(sample(body, 'sequin_preconfirmation_latency_seconds_count')).toBe(2);
    expect(sample(body, 'sequin_preconfirmation_latency_seconds_sum')).toBeCloseTo(0.24, 6);
    expect(sample(body, 'sequin_preconfirmation_latency_seconds_bucket{le="0.1"}')).toBe(1);
    expect(sample(body, 'sequin_preconfirmation_latency_seconds_bucket{le="0.2"}')).toBe(2);
    expect(sample(body, 'sequin_preconfirmed_transactions_total')).toBe(3);
    expect(sample(body, 'sequin_subblock_build_seconds_sum')).toBeCloseTo(0.004, 6);
    expect(sample(body, 'sequin_block_seal_seconds_sum')).toBeCloseTo(0.03, 6);
    expect(sample(body, 'sequin_head_block_number')).toBe(7);
    expect(sample(body, 'sequin_txpool_transactions{state="pending"}')).toBe(3);
    expect(sample(body, 'sequin_txpool_transactions{state="queued"}')).toBe(2);
    stop();
    events.emit('sealedBlock', { number: 8n, hash: '0x02', transactionHashes: [] });
    expect(sample((await metrics.render()).body, 'sequin_head_block_number')).toBe(7);
  });
});
