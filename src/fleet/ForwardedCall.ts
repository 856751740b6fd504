/** A call forwarded from a follower to the sequencer over NATS request/reply, and the answer. */

/**
 * The request: one write as the client sent it (`call`), or a whole request body the follower
 * is too far behind to answer (`body`); with the tier the follower granted the client, and an id
 * the follower draws for it: asking again with the same id (the first request or its answer may
 * have died with a NATS server) gets the first one's answer, never a second run.
 */
export type ForwardedCall = ({ kind: 'call'; method: string; params: unknown[]; tier: string } | { kind: 'body'; body: string; tier: string }) & { id: string };

/**
 * The answer: the sequencer's JSON-RPC response body, the log position after it (every append
 * the call caused is at or before it) and the read position it answered at; or `notSequencing`
 * when the node asked no longer sequences (the follower asks again).
 */
export type ForwardedAnswer = { response: string; position: number; readPosition: string } | { notSequencing: true };
