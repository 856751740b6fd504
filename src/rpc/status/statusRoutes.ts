import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessResolver } from '../access/createAccessResolver.js';
import type { NodeMetrics } from '../metrics/NodeMetrics.js';

/** The node's readiness, as GET /ready reports it. */
export type Readiness = { ready: true; head: number; details?: Record<string, unknown> } | { ready: false; reason: string; details?: Record<string, unknown> };

/**
 * The node's GET pages besides the transport's /health (alive):
 * - `/ready`: 200 `{"status":"ready","head":N}` once the chain is loaded and the sequencer runs
 *   and seals on time, else 503 `{"status":"not ready","reason":…}` (starting, stopping, storage
 *   unavailable — full or failing disk —, stalled);
 * - `/metrics`: Prometheus text. Readable by anyone while tiers do not apply (a local dev node);
 *   once they do, only with a valid API key as `Authorization: Bearer <key>` (Prometheus'
 *   `authorization` scrape setting), else 401.
 * Returns false for any other path (the transport answers 404).
 */
export function createStatusRoutes(options: { metrics: NodeMetrics; access: AccessResolver; readiness: () => Readiness }) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path === '/ready') {
      const state = options.readiness();
      const body = state.ready ? { status: 'ready', head: state.head, ...state.details } : { status: 'not ready', reason: state.reason, ...state.details };
      send(response, state.ready ? 200 : 503, 'application/json', JSON.stringify(body));
      return true;
    }
    if (path === '/metrics') {
      if (!options.access.mayReadMetrics(request)) {
        send(response, 401, 'text/plain; charset=utf-8', 'metrics need an API key: send the header Authorization: Bearer <key>\n');
        return true;
      }
      const { contentType, body } = await options.metrics.render();
      send(response, 200, contentType, body);
      return true;
    }
    return false;
  };
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  response.end(body);
}
