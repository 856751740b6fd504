/**
 * The WebSocket transport: JSON-RPC (batches included) and eth_subscribe on the HTTP port.
 *
 *   HTTP upgrade ──▶ authorize (tier or refusal) ──▶ connection limits ──▶ WebSocketConnection
 *                       │ refused: HTTP status + JSON-RPC error body, socket closed
 *
 * Limits: connections in total and per client address (refused with 503 / 429 before the
 * upgrade), message size (larger frames close the connection with 1009), subscriptions per
 * connection, and a bounded send buffer per connection (a slow consumer is closed with 1008).
 * Every `pingIntervalMs` each client is pinged; one that has not answered the previous ping is
 * terminated, so dead peers never linger.
 */
import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import type { RequestContext } from '../server/RequestContext.js';
import { type RpcLogger, silentLogger } from '../server/RpcLogger.js';
import type { RpcServer } from '../server/RpcServer.js';
import { serializeError } from '../server/serializeResponse.js';
import type { AuthorizeConnection } from './ConnectionAccess.js';
import type { InFlightBytes } from './InFlightBytes.js';
import { type ConnectionLimits, WebSocketConnection } from './WebSocketConnection.js';

/** Limits of the WebSocket transport (flags in README, "Limits"). */
export interface WebSocketLimits extends ConnectionLimits {
  /** Most open connections in total. */
  maxConnections: number;
  /** Most open connections from one client address. */
  maxConnectionsPerIp: number;
  /** Largest message a client may send, in bytes. */
  maxMessageBytes: number;
  /** Interval of the liveness ping; 0 disables it. */
  pingIntervalMs: number;
}

/** Options of {@link attachWebSocketTransport}. */
export interface WebSocketTransportOptions {
  /** The HTTP server whose upgrade requests become WebSocket connections. */
  server: Server;
  rpc: RpcServer;
  limits: WebSocketLimits;
  /** Decides each connection's tier, or refuses it; default: every client is public. */
  authorize?: AuthorizeConnection;
  logger?: RpcLogger;
  /** Request bytes held at once, shared with the HTTP transport: a message past it is answered -32005 "server busy" unread. */
  inFlight?: InFlightBytes;
  /** Observers for metrics. */
  onConnectionCountChange?: (open: number) => void;
  onSlowConsumerDropped?: () => void;
}

/** A running WebSocket transport. */
export interface WebSocketTransport {
  /** Open connections. */
  connectionCount(): number;
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
    if ((perAddress.get(address) ?? 0) >= limits.maxConnectionsPerIp) {
      return refuse(socket, 429, `too many websocket connections from ${address}: at most ${limits.maxConnectionsPerIp}`, { 'Retry-After': '1' });
    }
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, context, address));
  };

  const serve = (ws: WebSocket, context: RequestContext, address: string) => {
    const connection = new WebSocketConnection(ws, rpc, context, limits, logger, () => options.onSlowConsumerDropped?.());
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

  return {
    connectionCount: () => open.size,
    close: async () => {
      closing = true;
      options.server.off('upgrade', listener);
      clearInterval(pinger);
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
