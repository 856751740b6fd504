/** A write forwarded from a follower to the sequencer over NATS request/reply, and the answer. */

/** The request: the call as the client sent it, and the tier the follower granted. */
export interface ForwardedCall {
  method: string;
  params: unknown[];
  tier: string;
}

/**
 * The answer: the sequencer's JSON-RPC response body and the log position after it (every
 * append the call caused is at or before it), or `notSequencing` when the node asked no longer
 * sequences (the follower asks again).
 */
export type ForwardedAnswer = { response: string; position: number } | { notSequencing: true };
