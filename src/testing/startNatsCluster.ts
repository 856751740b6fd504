/**
 * Real `nats-server` processes with JetStream for tests: one server, or a cluster of three (for
 * failover tests), on free loopback ports, each with its own temporary store directory.
 *
 *   startNatsCluster({ size: 3 }) ──spawn ×3──▶ nats-server -js -a 127.0.0.1 -p P --cluster … --routes …
 *        ▲                                           │ each answers /healthz?js-enabled-only on its monitor port
 *        └──── { urls, natsFlag, kill(i), restart(i), stop } ◀┘
 *
 * Call {@link cleanupNatsClusters} in `afterAll`; servers still running when the test worker exits
 * are SIGKILLed too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running NATS server or cluster. */
export interface NatsCluster {
  /** Client URLs, one per server (`nats://127.0.0.1:PORT`). */
  urls: string[];
  /** The value for `--nats`: every URL, comma-separated. */
  natsFlag: string;
  /** SIGKILLs server `index`. */
  kill(index: number): void;
  /** Starts server `index` again on its ports and store (after {@link kill}). */
  restart(index: number): Promise<void>;
  /** Stops every server and deletes their stores. */
  stop(): Promise<void>;
}

interface ServerPorts {
  client: number;
  cluster: number;
  monitor: number;
}

const running = new Set<ChildProcess>();
const clusters = new Set<NatsCluster>();

process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Ports the servers listen on come from below Linux's ephemeral range (32768–60999): a port the OS
 * handed out there (listen(0) elsewhere in the suite, or an outgoing connection's local port) can be
 * taken again between our check and the server's bind, most often when a killed server restarts on
 * its old port (seen in the full suite as nats-server's "bind: address already in use").
 */
const PORT_RANGE = { from: 20_000, to: 32_767 } as const;

/**
 * Ports this process has handed out: a cluster's nine ports are picked before any server binds them, so
 * a port free at the check could be picked twice (seen once in the full suite: a server's monitor and
 * route port the same, "bind: address already in use"). Kept for the process's life: a killed server
 * restarts on its own ports.
 */
const handedOut = new Set<number>();

/** A loopback TCP port below the ephemeral range that nothing listens on now and this process has not handed out. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from + 1));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
}

/** Whether a listener can bind 127.0.0.1:`port` now. */
async function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Options of {@link startNatsCluster}. */
export interface NatsClusterOptions {
  /** 1 server, or 3 forming one cluster. Default 1. */
  size?: 1 | 3;
  /** Each server's JetStream `max_file_store`, in bytes (default: the server's own, 75% of the disk). */
  maxFileStore?: number;
}

/** Starts `size` (1 or 3) JetStream servers; three form one cluster named `sequin-test`. */
export async function startNatsCluster(options: NatsClusterOptions = {}): Promise<NatsCluster> {
  const size = options.size ?? 1;
  const root = mkdtempSync(join(tmpdir(), 'sequin-nats-'));
  const ports: ServerPorts[] = [];
  for (let index = 0; index < size; index++) ports.push({ client: await freePort(), cluster: await freePort(), monitor: await freePort() });
  const children: Array<ChildProcess | undefined> = new Array(size).fill(undefined);

  const argsOf = (index: number): string[] => {
    const own = ports[index] as ServerPorts;
    const storeDir = join(root, `server-${index}`);
    const args = ['-js', '-a', '127.0.0.1', '-p', String(own.client), '-m', String(own.monitor), '-sd', storeDir, '-n', `n${index}`];
    if (options.maxFileStore !== undefined) {
      // No command-line flag sets it: a config file does (-sd above still names the store).
      const configFile = join(root, `server-${index}.conf`);
      writeFileSync(configFile, `jetstream { max_file_store: ${options.maxFileStore} }\n`);
      args.push('-c', configFile);
    }
    if (size > 1) {
      const routes = ports.map((other) => `nats://127.0.0.1:${other.cluster}`).join(',');
      args.push('--cluster_name', 'sequin-test', '--cluster', `nats://127.0.0.1:${own.cluster}`, '--routes', routes);
    }
    return args;
  };
  const launch = async (index: number): Promise<void> => {
    const child = spawn('nats-server', argsOf(index), { stdio: ['ignore', 'ignore', 'pipe'] });
    // A server that cannot start (not installed) is an error of this call, not an unhandled 'error' event.
    const started = new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) => reject(new Error(`nats-server could not be started (${error.message}); install it, e.g. apt-get install nats-server`)));
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4000);
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    children[index] = child;
    await started;
    await untilHealthy(ports[index] as ServerPorts, size, () => errors);
  };

  await Promise.all(ports.map((_, index) => launch(index)));
  const urls = ports.map((own) => `nats://127.0.0.1:${own.client}`);
  const cluster: NatsCluster = {
    urls,
    natsFlag: urls.join(','),
    kill: (index) => children[index]?.kill('SIGKILL'),
    restart: (index) => launch(index),
    stop: async () => {
      clusters.delete(cluster);
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
      rmSync(root, { recursive: true, force: true });
    },
  };
  clusters.add(cluster);
  return cluster;
}

/** Stops every cluster a test file started (call in `afterAll`). */
export async function cleanupNatsClusters(): Promise<void> {
  await Promise.all([...clusters].map((cluster) => cluster.stop()));
}

/** Waits until the server's JetStream answers healthy (in a cluster: once a meta leader exists). */
async function untilHealthy(ports: ServerPorts, size: number, errors: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  const path = size > 1 ? '/healthz' : '/healthz?js-enabled-only=true';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${ports.monitor}${path}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nats-server on port ${ports.client} did not become healthy:\n${errors()}`);
}
