import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupNatsClusters, startNatsCluster } from './startNatsCluster.js';

afterAll(cleanupNatsClusters);

describe('startNatsCluster', () => {
  it('starts a three-server JetStream cluster that keeps an R3 stream when one server is killed', async () => {
    const cluster = await startNatsCluster({ size: 3 });
    const connection = await connect({ servers: cluster.urls });
    const manager = await jetstreamManager(connection);
    await manager.streams.add({ name: 'PROBE', subjects: ['probe'], num_replicas: 3 });
    const client = manager.jetstream();
    await client.publish('probe', 'one');
    cluster.kill(0);
    await expect
      .poll(
        async () =>
          (await client
            .publish('probe', 'two')
            .then((ack) => ack.seq)
            .catch(() => 0)) > 0,
        { timeout: 15_000 },
      )
      .toBe(true);
    const info = await manager.streams.info('PROBE');
    expect(info.state.messages).toBeGreaterThanOrEqual(2);
    await connection.close();
  }, 90_000);

  it('rejects with what to install when nats-server is not on the PATH (no unhandled error event)', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(startNatsCluster({ size: 1 })).rejects.toThrow('nats-server could not be started (spawn nats-server ENOENT); install it');
    } finally {
      process.env.PATH = path;
    }
  });
});
