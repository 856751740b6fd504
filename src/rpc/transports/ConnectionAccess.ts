import type { IncomingMessage } from 'node:http';
import type { RequestContext } from '../server/RequestContext.js';

/**
 * What a transport learns about a client before serving it: either the context to serve it
 * with (its tier, its address, a request id), or a refusal with the HTTP status to answer
 * (401 unknown or revoked key, 429 rate limited, ...). The HTTP transport asks once per request;
 * the WebSocket transport at the upgrade (refusing it with that status) and again before each
 * message of the open connection.
 */
export type ConnectionAccess = { ok: true; context: RequestContext } | { ok: false; status: number; message: string; headers?: Record<string, string> };

/** Decides a client's access from its HTTP request (path, headers, address). */
export type AuthorizeConnection = (request: IncomingMessage, defaults: RequestContext) => ConnectionAccess | Promise<ConnectionAccess>;

/**
 * Decides again, for a WebSocket connection already open, the access of the client behind the
 * request that opened it (keys are created and revoked while connections stay open). Synchronous:
 * it runs before every message.
 */
export type ReauthorizeConnection = (request: IncomingMessage, defaults: RequestContext) => ConnectionAccess;
