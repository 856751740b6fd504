import { RawJson } from '../../primitives/RawJson.js';

/**
 * One `eth_subscription` message waiting to be sent, not yet serialized: a sub-block's
 * notifications are queued for every subscriber while the sequencer announces it, and only the
 * connections that really send them pay for the text (stalled ones are dropped first).
 */
export interface QueuedNotification {
  subscription: string;
  /** The result's JSON text, when known without work (shared payloads, strings); else built at send time. */
  resultText: string | undefined;
  result: unknown;
  extraParams: Record<string, unknown> | undefined;
  /** The bytes counted against the buffer bounds while it waits (an estimate until it is serialized). */
  bytes: number;
}

/** `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"","result":}}` without its variable parts. */
const ENVELOPE_BYTES = 82;
/** A guess at one extra member's size (the resume cursor is ~90 bytes), corrected once it is serialized. */
const EXTRA_MEMBER_BYTES = 96;

/**
 * Queues a notification: a shared payload (RawJson) or a string costs nothing now; another
 * object is serialized now, once per object (a payload handed to many subscribers is one object).
 */
export function queuedNotification(subscription: string, result: unknown, extraParams: Record<string, unknown> | undefined): QueuedNotification {
  const resultText = knownText(result);
  let bytes = ENVELOPE_BYTES + subscription.length + (resultText?.length ?? 0);
  if (extraParams) for (const key in extraParams) bytes += key.length + EXTRA_MEMBER_BYTES;
  return { subscription, resultText, result, extraParams, bytes };
}

/** The message's text: `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":id,"result":…,…extra}}`. */
export function notificationText(queued: QueuedNotification): string {
  const resultText = queued.resultText ?? JSON.stringify(queued.result) ?? 'null';
  let extra = '';
  if (queued.extraParams) for (const [key, value] of Object.entries(queued.extraParams)) extra += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  return `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${queued.subscription}","result":${resultText}${extra}}}`;
}

const serializedObjects = new WeakMap<object, string>();

function knownText(result: unknown): string | undefined {
  if (result instanceof RawJson) return result.text;
  if (typeof result === 'string') return JSON.stringify(result);
  if (result === null || typeof result !== 'object') return JSON.stringify(result) ?? 'null';
  let text = serializedObjects.get(result);
  if (text === undefined) {
    text = JSON.stringify(result);
    serializedObjects.set(result, text);
  }
  return text;
}
