import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets of RPC calls, in seconds: sub-millisecond reads up to the 60 s request timeout. */
const CALL_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Pre-confirmation latency buckets, in seconds, around the 200 ms sub-block interval. */
const PRECONF_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5];
/** Sub-block build and block seal buckets, in seconds. */
const BUILD_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1];

/**
 * Every Prometheus metric of a node, in a registry of its own (two nodes in one process, as in
 * tests, do not mix). Labels never carry an API key or anything else a client chooses freely:
 * `method` is a registered method name or "unknown", `tier` is public or dedicated.
 * Served as text by GET /metrics (see statusRoutes.ts). The process metrics of prom-client
 * (CPU, memory, event-loop lag, GC) come along.
 */
export class NodeMetrics {
  readonly registry = new Registry();

  /** Calls answered, by method, tier and outcome (ok, error, refused, timeout, internal_error). */
  readonly rpcCalls = new Counter({
    name: 'sequin_rpc_calls_total',
    help: 'JSON-RPC calls answered, by method, access tier and outcome',
    labelNames: ['method', 'tier', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly rpcCallDuration = new Histogram({
    name: 'sequin_rpc_call_duration_seconds',
    help: 'Time from dispatch to answer of one JSON-RPC call, by method and tier',
    labelNames: ['method', 'tier'] as const,
    buckets: CALL_BUCKETS,
    registers: [this.registry],
  });

  /** Requests turned away before any call ran: missing_key, invalid_key, rate_limited, no_endpoint. */
  readonly rejectedRequests = new Counter({
    name: 'sequin_rpc_rejected_requests_total',
    help: 'Requests refused before any call ran (401 missing or invalid key, 404 no endpoint, 429 rate limited), by reason and tier',
    labelNames: ['reason', 'tier'] as const,
    registers: [this.registry],
  });

  readonly subBlockBuild = new Histogram({
    name: 'sequin_subblock_build_seconds',
    help: 'Time to execute and commit one pre-confirmation sub-block',
    buckets: BUILD_BUCKETS,
    registers: [this.registry],
  });

  readonly blockSeal = new Histogram({
    name: 'sequin_block_seal_seconds',
    help: 'Time to compute the roots of a block and commit it',
    buckets: BUILD_BUCKETS,
    registers: [this.registry],
  });

  readonly preconfirmationLatency = new Histogram({
    name: 'sequin_preconfirmation_latency_seconds',
    help: 'Time from a transaction being accepted into the pool to its sub-block being committed',
    buckets: PRECONF_BUCKETS,
    registers: [this.registry],
  });

  readonly preconfirmedTransactions = new Counter({
    name: 'sequin_preconfirmed_transactions_total',
    help: 'Transactions pre-confirmed in sub-blocks',
    registers: [this.registry],
  });

  readonly headBlock = new Gauge({
    name: 'sequin_head_block_number',
    help: 'Number of the last sealed block',
    registers: [this.registry],
  });

  readonly wsConnections = new Gauge({
    name: 'sequin_ws_connections',
    help: 'Open WebSocket connections',
    registers: [this.registry],
  });

  readonly wsDroppedConsumers = new Counter({
    name: 'sequin_ws_dropped_consumers_total',
    help: 'WebSocket clients closed as slow consumers (their unread notifications passed the buffer limit)',
    registers: [this.registry],
  });

  readonly wsWriteSeconds = new Counter({
    name: 'sequin_ws_write_seconds_total',
    help: 'Event-loop time spent writing WebSocket output (responses and notifications); at most half of any 100 ms',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Adds a gauge computed when scraped (e.g. pool sizes), so nothing is updated on hot paths.
   * `read` returns one value per label set.
   */
  gaugeOnScrape<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Array<[Partial<Record<L, string>>, number]>): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.set(labels, value);
      },
    });
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
