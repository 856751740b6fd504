import { closeSync, lstatSync, mkdirSync, openSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/** The lock: a Unix socket in the data directory that the node holding it listens on. */
export const LOCK_SOCKET = 'sequin.lock';
/** The pid-file lock of earlier versions, deleted once the socket lock is held. */
const LEGACY_PID_FILE = 'sequin.pid';
/** Longest socket path bind() accepts everywhere (sun_path: 108 bytes on Linux, 104 on macOS, with the NUL). */
const MAX_SOCKET_PATH_BYTES = 103;
/** Serialises the takeover of a stale lock (a directory: mkdir is atomic). */
const TAKEOVER_MUTEX = 'sequin.lock.takeover';
/** A takeover mutex older than this was left by a node killed mid-takeover (a takeover takes milliseconds). */
const STALE_MUTEX_MS = 2000;
/** How long a claimant waits for another's takeover. */
const TAKEOVER_WAIT_MS = 5000;
/** How long a probe waits for the holder's greeting. */
const PROBE_TIMEOUT_MS = 1000;
/** Claims raced by another starting node before giving up. */
const ATTEMPTS = 4;

/** Who holds a lock socket, as a connection attempt tells. */
type Holder = { live: true; pid?: number } | { live: true; unreachable: string } | { live: false };

/**
 * Claims a data directory for this process, so two nodes never sequence one chain (LMDB itself
 * lets several processes open an environment). The lock is a Unix socket, `sequin.lock`, that
 * the holder listens on: the kernel closes it when the process dies — kill -9 included, before
 * the process is reaped, so a zombie holds nothing — and no pid is involved, so a recycled pid
 * (a container restart) cannot keep a node from starting. A connection that succeeds means a
 * live node holds the directory (it answers with its pid); a refused one means the socket file
 * was left by a dead process, and it is taken over. Resolves to the function that releases the
 * lock; rejects with a clear message when a live node holds the directory.
 *
 * Claiming a free directory is atomic (bind succeeds for one process only); taking over a
 * stale lock is serialised by a short-lived mutex directory, `sequin.lock.takeover`.
 */
export async function lockDataDirectory(directory: string): Promise<() => Promise<void>> {
  const address = new SocketAddress(directory);
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const bound = await listen(address.of(LOCK_SOCKET));
      if ('server' in bound) return holdLock(directory, bound.server);
      if (bound.error.code !== 'EADDRINUSE') throw bound.error;
      const holder = await probe(address.of(LOCK_SOCKET));
      if (holder.live) throw inUse(directory, holder);
      const takeover = await removeStaleLock(directory, address);
      if (takeover.live) throw inUse(directory, takeover);
    }
    throw new Error(
      `cannot claim data directory ${directory}: its lock ${join(directory, LOCK_SOCKET)} keeps changing hands (other nodes starting?); try again`,
    );
  } finally {
    address.close();
  }
}

/** Listens for probes (answering with this pid) without keeping the process alive; returns the release. */
function holdLock(directory: string, server: Server): () => Promise<void> {
  const path = join(directory, LOCK_SOCKET);
  const inode = lstatSync(path).ino;
  server.on('connection', (socket) => {
    socket.on('error', () => {});
    socket.end(`sequin ${process.pid}\n`);
  });
  server.unref();
  rmSync(join(directory, LEGACY_PID_FILE), { force: true });
  let released: Promise<void> | undefined;
  return () => {
    released ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Remove the socket file only while it is still ours (libuv cannot when it was bound through /proc/self/fd).
      try {
        if (lstatSync(path).ino === inode) unlinkSync(path);
      } catch {
        // already gone
      }
    });
    return released;
  };
}

/**
 * Removes a stale lock socket, serialised by a mutex directory so that two nodes starting at once
 * cannot both take over (one could remove the socket the other has just bound). Under the mutex
 * the socket is probed again: still refused → removed; live (the other node won) → its holder.
 */
async function removeStaleLock(directory: string, address: SocketAddress): Promise<Holder> {
  const mutex = join(directory, TAKEOVER_MUTEX);
  const giveUpAt = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(mutex);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another node is taking over right now (milliseconds), or one was killed while doing so.
      if (Date.now() - (mtimeOf(mutex) ?? Date.now()) > STALE_MUTEX_MS) rmSync(mutex, { recursive: true, force: true });
      if (Date.now() > giveUpAt)
        throw new Error(`cannot claim data directory ${directory}: ${mutex} stays in place; if no Sequin process is starting there, delete it`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  try {
    const holder = await probe(address.of(LOCK_SOCKET));
    if (!holder.live) rmSync(join(directory, LOCK_SOCKET), { force: true });
    return holder;
  } finally {
    rmSync(mutex, { recursive: true, force: true });
  }
}

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function listen(path: string): Promise<{ server: Server } | { error: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve({ error }));
    server.listen(path, () => {
      server.removeAllListeners('error');
      server.on('error', () => {});
      resolve({ server });
    });
  });
}

/**
 * Connects to a lock socket. Refused (or gone): stale. Answered with a pid: a live node. Accepted
 * and then closed without a word: its process was dying (a kill -9 takes a moment to close every
 * file), so stale. Accepted and silent past the timeout: a live node whose event loop is busy.
 */
function probe(path: string): Promise<Holder> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let greeting = '';
    let connected = false;
    const done = (holder: Holder) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    const timer = setTimeout(() => done({ live: true }), PROBE_TIMEOUT_MS);
    const closed = () => {
      const pid = Number.parseInt(/^sequin (\d+)/.exec(greeting)?.[1] ?? '', 10);
      done(Number.isInteger(pid) ? { live: true, pid } : { live: false });
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => (greeting += chunk));
    socket.on('close', closed);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected || error.code === 'ECONNREFUSED' || error.code === 'ENOENT') return closed();
      // EAGAIN: the holder's backlog is full, so it listens; EACCES: another user's socket.
      done({ live: true, unreachable: error.code ?? error.message });
    });
  });
}

function inUse(directory: string, holder: Holder): Error {
  if ('unreachable' in holder) {
    return new Error(
      `data directory ${directory} may be in use: its lock ${join(directory, LOCK_SOCKET)} cannot be probed (${holder.unreachable}); if no Sequin process uses the directory, delete that file`,
    );
  }
  const pid = 'pid' in holder && holder.pid !== undefined ? ` (pid ${holder.pid})` : '';
  return new Error(`data directory ${directory} is in use by another Sequin process${pid}; stop it or use another --data-dir`);
}

/**
 * Socket paths inside the data directory, short enough for bind(): the plain path when it fits,
 * else (Linux) the same file reached through `/proc/self/fd/N`, N an open handle on the directory.
 */
class SocketAddress {
  private handle: number | undefined;

  constructor(private readonly directory: string) {}

  of(name: string): string {
    const path = join(this.directory, name);
    if (Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES) return path;
    if (process.platform !== 'linux') {
      throw new Error(
        `data directory ${this.directory} has too long a path for its lock socket (${Buffer.byteLength(path)} bytes, at most ${MAX_SOCKET_PATH_BYTES}); use a shorter --data-dir`,
      );
    }
    this.handle ??= openSync(this.directory, 'r');
    return `/proc/self/fd/${this.handle}/${name}`;
  }

  close(): void {
    if (this.handle !== undefined) closeSync(this.handle);
    this.handle = undefined;
  }
}
