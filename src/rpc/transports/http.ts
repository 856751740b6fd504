/**
 * The HTTP transport: JSON-RPC over `node:http`, shaped after geth's `rpc/http.go`.
 *
 *   POST (JSON body) ──▶ size limit ──▶ authorize (tier or refusal) ──▶ read body ──▶ RpcServer.handle ──▶ reply
 *   OPTIONS ──▶ CORS preflight (204)
 *   GET /health ──▶ {"status":"ok"};  other GET ──▶ getHandler hook, else 404
 *
 * Every response carries `Access-Control-Allow-Origin: *`. Nothing a client sends can crash the
 * process: socket errors and aborted requests are logged at debug level and dropped.
 */
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ErrorCodeEntry, ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { toJsonRpcError } from '../errors/toJsonRpcError.js';
import { invalidRequest } from '../server/envelopeErrors.js';
import type { RequestContext } from '../server/RequestContext.js';
import { type RpcLogger, silentLogger } from '../server/RpcLogger.js';
import type { RpcServer } from '../server/RpcServer.js';
import { serializeError } from '../server/serializeResponse.js';
import type { AuthorizeConnection, ConnectionAccess } from './ConnectionAccess.js';
import type { InFlightBytes } from './InFlightBytes.js';
import { POSITION_HEADER, parsePosition, type ReadPositions } from './ReadPositions.js';

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  /** Interface to bind, e.g. 127.0.0.1 or 0.0.0.0. */
  host: string;
  /** TCP port; 0 binds a free (ephemeral) one, reported back in `port` and `url`. */
  port: number;
  /** The JSON-RPC server that answers POST bodies. */
  rpc: RpcServer;
  /** Largest request body in bytes; a larger one is refused with 413 without being buffered. */
  maxBodyBytes: number;
  /**
   * Request bytes held at once across all connections (shared with the WebSocket transport): a
   * body that does not fit is refused with 503 + Retry-After and -32005. Default: no budget.
   */
  inFlight?: InFlightBytes;
  /** Where transport problems are logged. Default: nowhere. */
  logger?: RpcLogger;
  /**
   * Decides each RPC POST's access before its body is read, given the default context
   * (`tier: 'public'`, the socket's address, a fresh request id): the context to serve it with,
   * or a refusal, answered with its status, headers and a JSON-RPC error body (-32005 for 429,
   * -32004 for 403, -32600 otherwise). A throw answers -32603 "internal error" (HTTP 500).
   * Default: every client is served with the default context.
   */
  authorize?: AuthorizeConnection;
  /**
   * Serves GET/HEAD requests other than /health (e.g. a web page, /metrics); returns (or resolves
   * to) false to fall through to 404.
   */
  getHandler?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** Read positions: the header on every answer, and the wait (or forward) for a client's last seen one. Default: none. */
  positions?: ReadPositions;
  /** How long an idle keep-alive connection stays open. Default 65 s: longer than the 60 s idle timeout of common load balancers, so the proxy, not us, closes first. */
  keepAliveTimeoutMs?: number;
  /**
   * Time allowed to receive a whole request, headers and body (geth's ReadTimeout and
   * ReadHeaderTimeout, 30 s). A client still sending is answered 408 and cut within a tenth of it
   * (at most a second) more: Node checks the deadlines on a timer, by default only every 30 s.
   */
  readTimeoutMs?: number;
}

/** A running HTTP transport. */
export interface HttpServerHandle {
  /** `http://host:port` with the port actually bound (IPv6 hosts in brackets). */
  url: string;
  /** The port actually bound. */
  port: number;
  /**
   * Stops accepting, then lets the requests in flight be answered: the server stops listening,
   * idle keep-alive connections are closed, a request that arrives on a connection still open is
   * refused (503, -32000 `server shutting down`), and every response from now on closes its
   * connection. Resolves once no request is in flight, or after `graceMs`, whichever is first.
   */
  drain(graceMs: number): Promise<void>;
  /** Stops listening and closes every connection, idle keep-alive ones included (requests in flight are cut). Idempotent. */
  close(): Promise<void>;
  /** The underlying server, for attaching other protocols (e.g. WebSocket upgrades). */
  server: http.Server;
}

/** Media types geth accepts for a JSON-RPC body (json-rpc.org's JSON-RPC over HTTP). */
const ACCEPTED_CONTENT_TYPES = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest']);
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Allow-Headers': `Content-Type, Authorization, ${POSITION_HEADER}`,
  'Access-Control-Max-Age': '600',
} as const;
const BODY_TOO_LARGE = serializeError(null, invalidRequest('request body too large'));
const SERVER_BUSY = serializeError(null, new JsonRpcError(ErrorCodes.limitExceeded, 'server busy: too many request bytes in flight; retry in a moment'));
const SHUTTING_DOWN = serializeError(null, new JsonRpcError(ErrorCodes.server, 'server shutting down'));
/** geth's ReadTimeout / ReadHeaderTimeout. */
const DEFAULT_READ_TIMEOUT_MS = 30_000;

/** Starts the HTTP transport and resolves once it listens (rejects if it cannot bind). */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServerHandle> {
  const logger = options.logger ?? silentLogger;
  const readTimeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
  const server = http.createServer({
    // HTTP keep-alive is Node's default; this adds TCP keep-alive probes so dead peers are noticed.
    keepAlive: true,
    headersTimeout: readTimeoutMs,
    requestTimeout: readTimeoutMs,
    // Node enforces both only when this timer runs (default every 30 s: a trickling client was cut
    // after up to 60 s); a tenth of the timeout, at most a second, keeps the cut close to it.
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(readTimeoutMs / 10))),
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 65_000;
  /** Requests being served, to answer before a drain ends; and whether one is under way. */
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let onIdle: (() => void) | undefined;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      res.setHeader('Connection', 'close');
      send(res, 503, 'application/json', SHUTTING_DOWN);
      return;
    }
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (inFlight.size === 0) onIdle?.();
    });
    serve(req, res, options, logger).catch((error: unknown) => {
      logger.error({ err: error }, 'http request failed');
      if (!res.headersSent) send(res, 500, 'application/json', serializeError(null, toJsonRpcError(error)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => logger.error({ err: error }, 'http server error'));
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  let drained: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    server,
    drain: (graceMs) => {
      drained ??= new Promise<void>((resolve) => {
        draining = true;
        // Stops listening and closes idle keep-alive connections; busy ones close after their response.
        server.close(() => {});
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        const timer = setTimeout(finish, graceMs);
        function finish() {
          clearTimeout(timer);
          onIdle = undefined;
          resolve();
        }
        if (inFlight.size === 0) finish();
        else onIdle = finish;
      });
      return drained;
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        // After a drain the server is already closed: close() then reports "not running", which is fine.
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Routes one request by HTTP method. */
async function serve(req: IncomingMessage, res: ServerResponse, options: HttpServerOptions, logger: RpcLogger): Promise<void> {
  // A client that vanishes mid-request makes these emit 'error'; unhandled, that would crash us.
  req.on('error', (error) => logger.debug({ err: error }, 'http request stream error'));
  res.on('error', (error) => logger.debug({ err: error }, 'http response stream error'));
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (options.positions) res.setHeader('Access-Control-Expose-Headers', POSITION_HEADER);
  switch (req.method) {
    case 'POST':
      return servePost(req, res, options, logger);
    case 'OPTIONS':
      res.writeHead(204, CORS_HEADERS).end();
      return;
    case 'GET':
    case 'HEAD':
      return serveGet(req, res, options);
    default:
      res.setHeader('Allow', 'POST, GET, OPTIONS');
      send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n');
  }
}

/** GET /health, then the getHandler hook, then 404. */
async function serveGet(req: IncomingMessage, res: ServerResponse, options: HttpServerOptions): Promise<void> {
  const path = (req.url ?? '/').split('?', 1)[0];
  if (path === '/health') send(res, 200, 'application/json', '{"status":"ok"}');
  else if (!(await options.getHandler?.(req, res))) send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
}

/**
 * A JSON-RPC POST. Checks as geth does, in geth's order: a declared Content-Length over the limit
 * is 413 before anything else; a media type other than geth's three JSON ones is 415 with geth's
 * plain-text message. The body limit is then enforced again while streaming (chunked bodies
 * declare no length). Access is decided before the body is read, so a refused client costs no
 * parsing. Without `authorize`, any path is accepted, as geth serves RPC on every path by default.
 */
async function servePost(req: IncomingMessage, res: ServerResponse, options: HttpServerOptions, logger: RpcLogger): Promise<void> {
  if (Number(req.headers['content-length'] ?? 0) > options.maxBodyBytes) {
    refuseTooLarge(req, res);
    return;
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    send(res, 415, 'text/plain; charset=utf-8', 'invalid content type, only application/json is supported\n');
    return;
  }
  const defaults: RequestContext = { tier: 'public', remoteAddress: req.socket.remoteAddress, requestId: randomUUID() };
  const access: ConnectionAccess = options.authorize ? await options.authorize(req, defaults) : { ok: true, context: defaults };
  // Lets a client quote the id that ties together this request's log lines.
  res.setHeader('X-Request-Id', access.ok ? (access.context.requestId ?? '') : (defaults.requestId ?? ''));
  if (!access.ok) {
    for (const [name, value] of Object.entries(access.headers ?? {})) res.setHeader(name, value);
    send(res, access.status, 'application/json', serializeError(null, new JsonRpcError(refusalCode(access.status), access.message)));
    return;
  }
  const body = await readBody(req, options.maxBodyBytes, options.inFlight);
  if (body.kind === 'tooLarge') {
    refuseTooLarge(req, res);
    return;
  }
  if (body.kind === 'busy') {
    stopReading(req, res);
    res.setHeader('Retry-After', '1');
    send(res, 503, 'application/json', SERVER_BUSY);
    return;
  }
  if (body.kind === 'aborted') {
    logger.debug({ remoteAddress: req.socket.remoteAddress }, 'http request aborted');
    return;
  }
  try {
    const positions = options.positions;
    const wanted = positions && parsePosition(req.headers[POSITION_HEADER.toLowerCase()]);
    if (positions?.forward && wanted && !(await positions.reach(wanted))) {
      // This node is behind what the client has seen: the sequencer answers instead.
      const forwarded = await positions.forward(body.text, access.context);
      if (res.destroyed) return;
      res.setHeader(POSITION_HEADER, forwarded.position);
      send(res, 200, 'application/json', forwarded.body);
      return;
    }
    const reply = await options.rpc.handle(body.text, access.context);
    if (res.destroyed) return; // the client left while we worked
    // Taken after the answer: views only move forward, so the answer is from this state or an older one.
    if (positions) res.setHeader(POSITION_HEADER, positions.current());
    for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
    send(res, reply.status, 'application/json', reply.body ?? '');
  } finally {
    options.inFlight?.release(body.bytes);
  }
}

/**
 * The JSON-RPC code of a refusal's error body: -32005 "limit exceeded" (EIP-1474) for 429, the
 * tier code -32004 for 403, and -32600 "invalid request" otherwise (401 missing or unknown key,
 * 404 no endpoint at that path), as hosted providers answer a bad key.
 */
function refusalCode(status: number): ErrorCodeEntry {
  if (status === 429) return ErrorCodes.limitExceeded;
  if (status === 403) return ErrorCodes.methodNotSupported;
  return ErrorCodes.invalidRequest;
}

/** True for `application/json` (parameters such as charset allowed) and geth's two aliases. */
function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const mediaType = header.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return ACCEPTED_CONTENT_TYPES.has(mediaType);
}

type BodyRead = { kind: 'body'; text: string; bytes: number } | { kind: 'tooLarge' } | { kind: 'busy' } | { kind: 'aborted' };

/**
 * Reads the body as UTF-8, holding at most `limit` bytes, each reserved from `inFlight` as it
 * arrives: the first chunk past the limit ('tooLarge') or past the shared budget ('busy') stops
 * the read and drops what was collected. Resolves 'aborted' if the client goes away first. A
 * 'body' keeps its reservation: the caller releases `bytes` once the request is answered.
 */
function readBody(req: IncomingMessage, limit: number, inFlight: InFlightBytes | undefined): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      chunks.length = 0;
      if (result.kind !== 'body') inFlight?.release(size);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) return finish({ kind: 'tooLarge' });
      if (inFlight && !inFlight.tryReserve(chunk.length)) return finish({ kind: 'busy' });
      size += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks, size).toString('utf8');
      finish({ kind: 'body', text, bytes: size });
    };
    const onClose = () => finish({ kind: 'aborted' });
    req.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}

/** 413 with a JSON-RPC error body, and the rest of the body is never read. */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  stopReading(req, res);
  send(res, 413, 'application/json', BODY_TOO_LARGE);
}

/** Stops reading the body: the connection is marked `close`, so Node closes the socket once the response is out. */
function stopReading(req: IncomingMessage, res: ServerResponse): void {
  req.pause();
  res.setHeader('Connection', 'close');
}

/** Bodies from this many characters on are written apart from the headers (see {@link send}). */
const LARGE_BODY_CHARS = 64 * 1024;

/**
 * Writes a complete response with an exact Content-Length (so keep-alive works). A large body is
 * written after the headers have gone out on their own: given the headers and a string body
 * together, Node joins them into one string first, a copy of the whole body. For a 2.4 MB answer
 * that copy took ~3 ms of the 10–13 ms from the server to the client's last byte on this machine.
 */
function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  if (body.length >= LARGE_BODY_CHARS) res.flushHeaders();
  res.end(body);
}
