import type { IncomingMessage } from 'node:http';
import type { RequestContext } from '../server/RequestContext.js';

/**
 * What a transport learns about a client before serving it: either the context to serve it
 * with (its tier, its address, a request id), or a refusal with the HTTP status to answer
 * (401 unknown or revoked key, 429 rate limited, ...). The HTTP transport asks once per request;
 * the WebSocket transport once per connection, at the upgrade, and refuses the upgrade with
 * that status.
 */
export type ConnectionAccess = { ok: true; context: RequestContext } | { ok: false; status: number; message: string; headers?: Record<string, string> };

/** Decides a client's access from its HTTP request (path, headers, address). */
export type AuthorizeConnection = (request: IncomingMessage, defaults: RequestContext) => ConnectionAccess | Promise<ConnectionAccess>;
