import { type JetStreamManager, StorageType } from '@nats-io/jetstream';

/** The fleet log's size per copy when --nats-log-max-bytes is unset and the servers have room for it. */
export const DEFAULT_LOG_MAX_BYTES = 10 * 1024 ** 3;
/** How finely the servers' room is measured: a mebibyte. */
const ROOM_PRECISION = 1024 ** 2;

/**
 * A fleet log size the NATS servers cannot hold: each server's JetStream store is capped by its
 * `max_file_store`, and JetStream refuses a stream whose `max_bytes` a copy cannot reserve
 * ("no suitable peers for placement, insufficient storage"). Said at start, with both figures
 * and the two ways out, instead of that.
 */
export class LogDoesNotFitError extends Error {
  constructor(
    readonly requestedBytes: number,
    readonly roomBytes: number,
  ) {
    super(
      `--nats-log-max-bytes ${requestedBytes} (${gibibytes(requestedBytes)}) does not fit the NATS servers' JetStream store: ` +
        `their max_file_store has room for ${roomBytes} bytes (${gibibytes(roomBytes)}) per copy of the fleet log ` +
        '(less what other streams reserve); ' +
        `give --nats-log-max-bytes ${roomBytes} or less (0: no size limit), or raise max_file_store in the servers' jetstream block`,
    );
    this.name = 'LogDoesNotFitError';
  }
}

/** The size a fleet picks when --nats-log-max-bytes is unset and the default does not fit: half the room, in whole MiB, leaving space for the fleet's KV buckets and the rest. */
export function fittingLogSize(roomBytes: number): number {
  return Math.floor(roomBytes / 2 / ROOM_PRECISION) * ROOM_PRECISION;
}

/** True for JetStream's refusals for want of storage (single server: 10047; cluster: no suitable peers, insufficient storage). */
export function isInsufficientStorage(error: unknown): boolean {
  return error instanceof Error && /insufficient (storage|resources)/i.test(error.message);
}

/**
 * How many bytes one copy of a stream of `replicas` copies could reserve on the servers now, to
 * {@link ROOM_PRECISION}, up to `atMost`: what their `max_file_store` leaves once other streams'
 * reservations are taken. A regular account cannot read the servers' limits (account info says
 * -1 without account limits, and /jsz is on the monitoring port or the system account), so it is
 * measured as JetStream itself decides: a probe stream that reserves 1 byte is resized, halving
 * the interval each time, to the largest size the servers accept (about 14 resizes for 10 GiB),
 * then shrunk back and deleted. Resizes are checked synchronously by the meta leader, unlike the
 * release of a deleted stream's reservation, so probes never see their own leftovers.
 */
export async function measureStoreRoom(manager: JetStreamManager, probe: { name: string; subject: string }, replicas: number, atMost: number): Promise<number> {
  const base = { name: probe.name, subjects: [probe.subject], storage: StorageType.File, num_replicas: replicas };
  try {
    await manager.streams.add({ ...base, max_bytes: 1 });
  } catch (error) {
    if (isInsufficientStorage(error)) return 0;
    throw error;
  }
  try {
    let fits = 1;
    let tooLarge = atMost + 1;
    while (tooLarge - fits > ROOM_PRECISION) {
      const size = Math.floor((fits + tooLarge) / 2);
      try {
        await manager.streams.update(probe.name, { ...base, max_bytes: size });
        fits = size;
      } catch (error) {
        if (!isInsufficientStorage(error)) throw error;
        tooLarge = size;
      }
    }
    return fits;
  } finally {
    await manager.streams.update(probe.name, { ...base, max_bytes: 1 }).catch(() => {});
    await manager.streams.delete(probe.name).catch(() => {});
  }
}

function gibibytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
}
