/**
 * A small JSON-RPC proxy for fork tests: forwards every POST to `target` and records the methods
 * it saw, so a test can count the remote requests a forking node makes. It can also misbehave on
 * demand, as a remote provider does: refuse with an HTTP status, never answer, or answer with what
 * it made of the target's answer (a tampering RPC, for the verifiable pre-confirmation tests).
 *
 *   forking node ──POST──▶ RecordingProxy (records methods) ──POST──▶ target node
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the proxy answers: forward (default), an HTTP error status, no answer at all, or a rewritten answer. */
export type ProxyBehaviour =
  | { kind: 'forward' }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  /** Forwards, then answers `rewrite(the target's answer text)`. */
  | { kind: 'rewrite'; rewrite: (answer: string) => string };

export interface RecordingProxy {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Every JSON-RPC method received, in order (a batch adds each of its calls). */
  methods: string[];
  /** HTTP requests received. */
  requests: number;
  /** Every request body received, in order (lets a test count the requests about one account). */
  bodies: string[];
  behaviour: ProxyBehaviour;
  close(): Promise<void>;
}

/** Starts a proxy to `target` on an ephemeral loopback port. */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const hanging = new Set<() => void>();
  const proxy: RecordingProxy = {
    url: '',
    methods: [],
    requests: 0,
    bodies: [],
    behaviour: { kind: 'forward' },
    close: () => closeServer(server, hanging),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      proxy.requests++;
      proxy.bodies.push(body);
      try {
        const parsed = JSON.parse(body) as { method: string } | Array<{ method: string }>;
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) proxy.methods.push(call.method);
      } catch {
        proxy.methods.push('(not JSON)');
      }
      const behaviour = proxy.behaviour;
      if (behaviour.kind === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      if (behaviour.kind === 'status') {
        response.writeHead(behaviour.status).end();
        return;
      }
      try {
        const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await answer.text();
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(behaviour.kind === 'rewrite' ? behaviour.rewrite(text) : text);
      } catch {
        response.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

function closeServer(server: Server, hanging: Set<() => void>): Promise<void> {
  for (const drop of hanging) drop();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
