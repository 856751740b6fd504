/**
 * The page's live data: one WebSocket to the node (same URL as the page's RPC, ws:// or wss://)
 * with three subscriptions:
 *
 *   newHeads                                  → onHead (sealed block headers)
 *   newPreconfSubBlocks                       → onTick (every ~200 ms sequencer tick, empty ones too)
 *   newPreconfBlockTransactions {full: true}  → onTransaction (each pre-confirmed tx with its receipt fields)
 *
 * It reconnects with back-off; pre-confirmed transactions resume from the last cursor, so none
 * is missed or shown twice across a reconnect.
 */

/** One sequencer tick (newPreconfSubBlocks). `index` is null for an empty tick. */
export interface Tick {
  blockNumber: string;
  index: string | null;
  transactionCount: string;
  transactionHashes: string[];
  timestamp: string;
  /** The node's clock (ms, hex) when the sub-block became durable; absent on nodes that predate it. */
  preconfirmedAt?: string;
}

/** A pre-confirmed transaction with receipt fields (blockHash null until sealed). */
export interface PreconfTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  blockNumber: string;
  blockHash: string | null;
  transactionIndex: string;
  status?: string;
  gasUsed?: string;
}

/** Where a pre-confirmed tx sits: its block, index and sub-block. */
export interface Cursor {
  blockNumber: string;
  transactionIndex: string;
  subBlockIndex?: string;
}

/** A sealed block header (newHeads). */
export interface Head {
  number: string;
  hash: string;
  timestamp: string;
  gasUsed: string;
  baseFeePerGas?: string;
}

export interface LiveHandlers {
  onStatus(status: 'connecting' | 'live' | 'reconnecting'): void;
  onTick(tick: Tick): void;
  onTransaction(transaction: PreconfTransaction, cursor: Cursor | undefined): void;
  onHead(head: Head): void;
}

type Kind = 'newHeads' | 'newPreconfSubBlocks' | 'newPreconfBlockTransactions';

/** Connects to `url` (ws: or wss:) and keeps the subscriptions alive; returns a function that stops. */
export function connectLiveFeed(url: string, handlers: LiveHandlers): () => void {
  let socket: WebSocket | undefined;
  let stopped = false;
  let retryMs = 250;
  let lastCursor: Cursor | undefined;

  const open = () => {
    handlers.onStatus(socket ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(url);
    socket = ws;
    const kindOfRequest = new Map<number, Kind>();
    const kindOfSubscription = new Map<string, Kind>();
    const subscribe = (id: number, kind: Kind, options?: unknown) => {
      kindOfRequest.set(id, kind);
      ws.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: options === undefined ? [kind] : [kind, options] }));
    };
    ws.addEventListener('open', () => {
      retryMs = 250;
      subscribe(1, 'newHeads');
      subscribe(2, 'newPreconfSubBlocks');
      subscribe(3, 'newPreconfBlockTransactions', lastCursor ? { full: true, after: lastCursor } : { full: true });
      handlers.onStatus('live');
    });
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      if (typeof message.id === 'number' && typeof message.result === 'string') {
        const kind = kindOfRequest.get(message.id);
        if (kind) kindOfSubscription.set(message.result, kind);
        return;
      }
      if (message.method !== 'eth_subscription') return;
      const { subscription, result, cursor } = message.params;
      switch (kindOfSubscription.get(subscription)) {
        case 'newHeads':
          return handlers.onHead(result);
        case 'newPreconfSubBlocks':
          return handlers.onTick(result);
        case 'newPreconfBlockTransactions':
          if (cursor) lastCursor = { blockNumber: cursor.blockNumber, transactionIndex: cursor.transactionIndex };
          return handlers.onTransaction(result, cursor);
      }
    });
    ws.addEventListener('close', () => {
      if (stopped) return;
      handlers.onStatus('reconnecting');
      setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
  };
  open();
  return () => {
    stopped = true;
    socket?.close();
  };
}

/** The node's WebSocket URL: the page's root URL with ws: or wss:. */
export function webSocketUrl(root: URL): string {
  const url = new URL(root.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}
