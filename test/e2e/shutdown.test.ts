/**
 * SIGTERM stops accepting, answers what is in flight, then exits (issue 10: in-flight requests
 * were reset with ECONNRESET). Against the real node on LMDB: calls that take a while
 * (eth_sendRawTransactionSync waiting for a pre-confirmation that cannot come) over HTTP and
 * over WebSocket are in flight when SIGTERM arrives; both are answered, new connections are
 * refused, the WebSocket is then closed with 1001, and the process exits 0. A call that would
 * outlast --shutdown-timeout is cut when it runs out. A SIGTERM sent the moment "Listening on"
 * is printed shuts down cleanly too.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, SEQUIN_BIN, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type RpcResponse, signTransfer, sleep } from './helpers.js';
import { connectWs } from './wsClient.js';

afterAll(cleanupNodeProcesses);

/** POSTs one call; resolves with the response, or with the transport error's code (ECONNRESET …). */
async function postCall(url: string, method: string, params: unknown[]): Promise<RpcResponse | { transportError: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return (await response.json()) as RpcResponse;
  } catch (error) {
    return { transportError: String((error as { cause?: { code?: string } }).cause?.code ?? error) };
  }
}

/** Whether a TCP connection to the node's port is accepted now. */
function acceptsConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGTERM', () => {
  it('answers the HTTP and WebSocket calls in flight, refuses new connections, then exits 0', async () => {
    const node = await startNodeProcess({ storage: 'temp' });
    // Nonce 1 without nonce 0: queued, never pre-confirmed, so each call waits its whole timeout.
    const overHttp = postCall(node.url, 'eth_sendRawTransactionSync', [await signTransfer(1, 1), 1_500]);
    const ws = await connectWs(node.url);
    const overWebSocket = ws.request('eth_sendRawTransactionSync', [await signTransfer(2, 1), 1_200]);
    await sleep(300);

    const signalledAt = Date.now();
    node.process.kill('SIGTERM');
    await sleep(200);
    expect(await acceptsConnections(node.url)).toBe(false);

    const httpAnswer = await overHttp;
    expect(httpAnswer).toMatchObject({ error: { code: 4, message: expect.stringMatching(/was accepted but not pre-confirmed within 1500 ms$/) } });
    const wsAnswer = await overWebSocket;
    expect(wsAnswer.error).toMatchObject({ code: 4, message: expect.stringMatching(/within 1200 ms$/) });
    expect(await ws.closed).toEqual({ code: 1001, reason: 'server shutting down' });

    expect(await node.exited).toEqual({ code: 0, signal: null });
    // It waited for the calls (~1.5 s), not for --shutdown-timeout (10 s).
    expect(Date.now() - signalledAt).toBeLessThan(6_000);
  }, 30_000);

  it('cuts what is still running once --shutdown-timeout has passed, and still exits 0', async () => {
    const node = await startNodeProcess({ storage: 'temp', args: ['--shutdown-timeout', '300'] });
    const tooLong = postCall(node.url, 'eth_sendRawTransactionSync', [await signTransfer(3, 1), 20_000]);
    await sleep(300);
    const signalledAt = Date.now();
    node.process.kill('SIGTERM');
    expect(await tooLong).toEqual({ transportError: expect.stringMatching(/ECONNRESET|UND_ERR_SOCKET|other side closed/) });
    expect(await node.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
  }, 30_000);

  it('shuts down cleanly when SIGTERM comes the moment "Listening on" is printed', async () => {
    // The process signals itself right after writing the banner (the fixture): a supervisor that
    // stops the node as soon as it has started must get a clean shutdown, not Node's default exit.
    const preload = fileURLToPath(new URL('../fixtures/process/sigtermOnListening.cjs', import.meta.url));
    const child = spawn(process.execPath, ['--require', preload, SEQUIN_BIN, '--ephemeral', '--port', '0', '--log-level', 'info'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(stdout).toContain('Listening on');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stderr).toContain('shutting down');
  }, 30_000);
});
