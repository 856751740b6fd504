import { RawJson } from '../../primitives/RawJson.js';

/**
 * The notifications one event sends a subscription, serialized once and shared by every
 * subscriber that receives them: 1,000 subscribers of a 2,000-transaction sub-block cost 2,000
 * serializations, not 2,000,000, and one entry in each connection's queue, not 2,000. Each
 * notification is its `result` as JSON text and the text of its extra `params` members
 * (`,"cursor":{…}`), '' when it has none; the transport wraps them in the `eth_subscription`
 * envelope with the subscription's id when (and only if) it writes them.
 */
export class NotificationBatch {
  /** Characters of every result and extra text: what the batch adds to a client's queue, before envelopes. */
  readonly textBytes: number;

  private constructor(
    private readonly results: readonly string[],
    private readonly extras: readonly string[] | undefined,
    /** The first notification of the shared arrays this batch holds (a batch may be the tail of another). */
    private readonly start: number,
  ) {
    let bytes = 0;
    for (let index = start; index < results.length; index++) bytes += results[index]!.length + (extras?.[index]?.length ?? 0);
    this.textBytes = bytes;
  }

  /** A batch of notifications: `results[i]` with `extraParams[i]`'s members beside it. */
  static of(results: readonly unknown[], extraParams?: readonly Record<string, unknown>[]): NotificationBatch {
    return new NotificationBatch(results.map(jsonText), extraParams?.map(extraText), 0);
  }

  /** One notification. */
  static one(result: unknown, extraParams?: Record<string, unknown>): NotificationBatch {
    return NotificationBatch.of([result], extraParams ? [extraParams] : undefined);
  }

  /** How many notifications it holds. */
  get length(): number {
    return this.results.length - this.start;
  }

  /** The `result` JSON text of notification `index`. */
  result(index: number): string {
    return this.results[this.start + index]!;
  }

  /** The extra members of notification `index`, as `,"name":value…`, or ''. */
  extra(index: number): string {
    return this.extras?.[this.start + index] ?? '';
  }

  /** The notifications from `index` on (sharing the texts). */
  from(index: number): NotificationBatch {
    if (index <= 0) return this;
    return new NotificationBatch(this.results, this.extras, Math.min(this.start + index, this.results.length));
  }
}

function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  return JSON.stringify(value) ?? 'null';
}

function extraText(members: Record<string, unknown>): string {
  let text = '';
  for (const [key, value] of Object.entries(members)) text += `,${JSON.stringify(key)}:${jsonText(value)}`;
  return text;
}
