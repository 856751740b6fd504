/**
 * The WebSocket transport: JSON-RPC (batches included) and eth_subscribe on the HTTP port.
 *
 *   HTTP upgrade ──▶ authorize (tier or refusal) ──▶ connection limits ──▶ WebSocketConnection
 *                       │ refused: HTTP status + JSON-RPC error body, socket closed
 *   each message ──▶ reauthorize (a key revoked since: refused, then closed 1008) ──▶ RpcServer
 *
 * Limits: connections in total and per client address (refused with 503 / 429 before the
 * upgrade), a share of the connections kept for API-key clients (public ones are refused 503
 * past the rest), message size (larger frames close the connection with 1009), subscriptions per
 * connection, and bytes queued for clients: per connection and over all of them (a slow consumer
 * is closed with 1008). Output is written by one {@link FlushScheduler}, off the code that queues
 * it (the sequencer's announcements), in slices that take at most half of the event loop. Every `pingIntervalMs` each client is pinged; one that has
 * not answered the previous ping is terminated, so dead peers never linger. Every second, if the
 * access policy changed (a key created or revoked), connections that only listen are checked too.
 */
import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import type { RequestContext } from '../server/RequestContext.js';
import { type RpcLogger, silentLogger } from '../server/RpcLogger.js';
import type { RpcServer } from '../server/RpcServer.js';
import { serializeError } from '../server/serializeResponse.js';
import type { AuthorizeConnection, ConnectionAccess, ReauthorizeConnection } from './ConnectionAccess.js';
import { FlushScheduler } from './FlushScheduler.js';
import type { InFlightBytes } from './InFlightBytes.js';
import { OutboundBudget } from './OutboundBudget.js';
import { type ConnectionLimits, type ConnectionShared, WebSocketConnection } from './WebSocketConnection.js';

/** Limits of the WebSocket transport (docs/reference/limits.md). */
export interface WebSocketLimits extends ConnectionLimits {
  /** Most open connections in total. */
  maxConnections: number;
  /** Most open connections from one client address. */
  maxConnectionsPerIp: number;
  /** Largest message a client may send, in bytes. */
  maxMessageBytes: number;
  /** Interval of the liveness ping; 0 disables it. */
  pingIntervalMs: number;
  /** Most bytes queued for all clients together; past it the clients furthest behind are dropped. */
  maxTotalBufferedBytes: number;
  /** Percent of `maxConnections` only dedicated (API-key) clients may take. */
  dedicatedShare: number;
}

/** How often the access policy is checked for changes that concern connections that only listen. */
const ACCESS_RECHECK_MS = 1_000;

/** Options of {@link attachWebSocketTransport}. */
export interface WebSocketTransportOptions {
  /** The HTTP server whose upgrade requests become WebSocket connections. */
  server: Server;
  rpc: RpcServer;
  limits: WebSocketLimits;
  /** Decides each connection's tier, or refuses it; default: every client is public. */
  authorize?: AuthorizeConnection;
  /** Decides it again before each message of an open connection; default: the upgrade's decision stands. */
  reauthorize?: ReauthorizeConnection;
  /** A number that changes when keys or tiers change (checked every second, to recheck connections that only listen). */
  accessVersion?: () => number;
  logger?: RpcLogger;
  /** Request bytes held at once, shared with the HTTP transport: a message past it is answered -32005 "server busy" unread. */
  inFlight?: InFlightBytes;
  /** Observers for metrics. */
  onConnectionCountChange?: (open: number) => void;
  onSlowConsumerDropped?: () => void;
  /** Told how long each slice of writing to clients took, in ms (its share of the event loop). */
  onWriteBusy?: (ms: number) => void;
}

/** A running WebSocket transport. */
export interface WebSocketTransport {
  /** Open connections. */
  connectionCount(): number;
  /**
   * Refuses new upgrades (503) and stops reading the open connections, then resolves once every
   * message being answered is answered, or after `graceMs`. Connections stay open (their
   * subscriptions too) until {@link close}.
   */
  drain(graceMs: number): Promise<void>;
  /** Refuses new upgrades and closes every connection (1001 "server shutting down"). */
  close(): Promise<void>;
}

const SERVER_BUSY = serializeError(null, new JsonRpcError(ErrorCodes.limitExceeded, 'server busy: too many request bytes in flight; retry in a moment'));

/** Serves WebSocket upgrades of `options.server`. */
export function attachWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const { limits, rpc } = options;
  const logger = options.logger ?? silentLogger;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });
  const perAddress = new Map<string, number>();
  const open = new Map<WebSocket, WebSocketConnection>();
  let closing = false;
  let connectionIds = 0;
  const shared: ConnectionShared = {
    rpc,
    limits,
    logger,
    budget: new OutboundBudget(limits.maxTotalBufferedBytes),
    scheduler: new FlushScheduler(options.onWriteBusy),
    onSlowConsumer: () => options.onSlowConsumerDropped?.(),
  };
  const publicLimit = limits.maxConnections - Math.floor((limits.maxConnections * limits.dedicatedShare) / 100);
  const openPublic = () => {
    let count = 0;
    for (const connection of open.values()) if (connection.tier === 'public') count++;
    return count;
  };

  const refuse = (socket: Duplex, status: number, message: string, headers: Record<string, string> = {}) => {
    const body = serializeError(null, new JsonRpcError(status === 429 ? ErrorCodes.limitExceeded : ErrorCodes.invalidRequest, message));
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ];
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };

  const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', (error) => logger.debug({ err: error }, 'websocket socket error'));
    if (closing) return refuse(socket, 503, 'server shutting down');
    if ((request.headers.upgrade ?? '').toLowerCase() !== 'websocket') return refuse(socket, 400, 'only websocket upgrades are served');
    const defaults: RequestContext = { tier: 'public', remoteAddress: request.socket.remoteAddress, requestId: `ws${++connectionIds}` };
    let context = defaults;
    if (options.authorize) {
      const access = await options.authorize(request, defaults);
      if (!access.ok) return refuse(socket, access.status, access.message, access.headers);
      context = access.context;
    }
    const address = context.remoteAddress ?? 'unknown';
    if (open.size >= limits.maxConnections) return refuse(socket, 503, `too many websocket connections: at most ${limits.maxConnections}`);
    // The rest is kept for API-key clients, so public clients from many addresses cannot take every slot.
    if (context.tier === 'public' && openPublic() >= publicLimit) {
      return refuse(socket, 503, `too many websocket connections on the public endpoint: at most ${publicLimit}; use a dedicated endpoint`, {
        'Retry-After': '1',
      });
    }
    if ((perAddress.get(address) ?? 0) >= limits.maxConnectionsPerIp) {
      return refuse(socket, 429, `too many websocket connections from ${address}: at most ${limits.maxConnectionsPerIp}`, { 'Retry-After': '1' });
    }
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    const reauthorize = options.reauthorize ? () => options.reauthorize!(request, defaults) : () => ({ ok: true as const, context });
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, socket as Socket, context, address, reauthorize));
  };

  const serve = (ws: WebSocket, rawSocket: Socket, context: RequestContext, address: string, reauthorize: () => ConnectionAccess) => {
    const connection = new WebSocketConnection(ws, rawSocket, reauthorize, shared, context.tier);
    open.set(ws, connection);
    options.onConnectionCountChange?.(open.size);
    ws.on('pong', () => (connection.alive = true));
    ws.on('error', (error) => logger.debug({ err: error, remoteAddress: address }, 'websocket error'));
    ws.on('message', (data: RawData) => {
      const text = rawText(data);
      if (options.inFlight && !options.inFlight.tryReserve(text.length)) return connection.send(SERVER_BUSY);
      connection
        .handleMessage(text)
        .catch((error: unknown) => logger.error({ err: error }, 'websocket message failed'))
        .finally(() => options.inFlight?.release(text.length));
    });
    ws.on('close', () => {
      connection.dispose();
      open.delete(ws);
      const remaining = (perAddress.get(address) ?? 1) - 1;
      if (remaining === 0) perAddress.delete(address);
      else perAddress.set(address, remaining);
      options.onConnectionCountChange?.(open.size);
    });
  };

  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(request, socket, head).catch((error: unknown) => {
      logger.error({ err: error }, 'websocket upgrade failed');
      socket.destroy();
    });
  };
  options.server.on('upgrade', listener);

  const pinger =
    limits.pingIntervalMs > 0
      ? setInterval(() => {
          for (const [ws, connection] of open) {
            if (!connection.alive) {
              logger.debug({}, 'terminating websocket that missed a ping');
              ws.terminate();
              continue;
            }
            connection.alive = false;
            ws.ping();
          }
        }, limits.pingIntervalMs).unref()
      : undefined;

  let seenAccessVersion = options.accessVersion?.();
  const accessWatch = options.accessVersion
    ? setInterval(() => {
        const version = options.accessVersion!();
        if (version === seenAccessVersion) return;
        seenAccessVersion = version;
        for (const connection of open.values()) connection.recheckAccess();
      }, ACCESS_RECHECK_MS).unref()
    : undefined;

  return {
    connectionCount: () => open.size,
    drain: async (graceMs) => {
      closing = true;
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all([...open.values()].map((connection) => connection.stopReading())), grace]);
      clearTimeout(timer);
    },
    close: async () => {
      closing = true;
      options.server.off('upgrade', listener);
      clearInterval(pinger);
      clearInterval(accessWatch);
      const closed = [...open.keys()].map((ws) => new Promise<void>((resolve) => ws.once('close', () => resolve())));
      for (const ws of open.keys()) ws.close(1001, 'server shutting down');
      const grace = setTimeout(() => {
        for (const ws of open.keys()) ws.terminate();
      }, 500);
      await Promise.all(closed);
      clearTimeout(grace);
      wss.close();
    },
  };
}

/** A message as text (clients may send JSON in binary frames too). */
function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
