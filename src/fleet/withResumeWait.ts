/**
 * A follower's answer to a subscription resumed from a cursor it has not reached yet. A client
 * that read `newPreconfBlockTransactions` on the sequencer (or on a replica further ahead) and
 * resumes here with its last cursor must get no gap, no repeat, and no refusal only because this
 * node is a few milliseconds behind: so eth_subscribe waits up to one sub-block interval until this
 * node holds the cursor's transaction. Still behind, it asks the sequencer how far the chain is:
 * a cursor the chain has reached is real, and the node waits (up to the RPC timeout) until it has
 * applied that block; a cursor beyond the chain gets the same refusal as on the sequencer.
 *
 *   eth_subscribe(after: {block B, index I}) ──▶ this node holds (B, I)? ──yes──▶ start (replay + live)
 *                    │ no, after one interval                      ▲
 *                    └──▶ sequencer's open block ≥ B? ──yes──▶ wait for B here (≤ RPC timeout)
 *                                                   └──no───▶ start: "resume block B is ahead of the open block"
 */
import type { MethodDefinition } from '../rpc/server/MethodDefinition.js';
import type { ChainView } from '../sequencer/ChainView.js';
import type { ViewSource } from '../sequencer/ChainViews.js';

/** A resume cursor: the last transaction the client received. */
export interface ResumeCursor {
  blockNumber: number;
  transactionIndex: number;
}

/** What the wait needs of its node. */
export interface ResumeWaitOptions {
  views: ViewSource;
  /** While true, this node is the newest there is: nothing to wait for. */
  sequencing: () => boolean;
  /** One sub-block interval: the wait before asking the sequencer. */
  intervalMs: number;
  /** The longest wait for a block the sequencer already has. */
  timeoutMs: number;
  /** The open block number at the sequencer, or undefined when no sequencer answers. */
  sequencerOpenBlock: (tier: string) => Promise<number | undefined>;
}

const POLL_MS = 5;

/** The methods with eth_subscribe waiting for a resume cursor this node has not reached. */
export function withResumeWait(methods: readonly MethodDefinition[], options: ResumeWaitOptions): MethodDefinition[] {
  return methods.map((method) => {
    if (method.name !== 'eth_subscribe') return method;
    return {
      ...method,
      handler: async (backend, params, context, server) => {
        const [kind, subscriptionOptions] = params as unknown as [string, unknown];
        const cursor = kind === 'newPreconfBlockTransactions' ? resumeCursorOf(subscriptionOptions) : undefined;
        if (cursor && context.session) await waitForCursor(cursor, options, context.tier);
        return method.handler(backend, params, context, server);
      },
    } satisfies MethodDefinition;
  });
}

/** The `after` cursor of newPreconfBlockTransactions' options, or undefined (then the subscription decides what is wrong). */
export function resumeCursorOf(options: unknown): ResumeCursor | undefined {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return undefined;
  const after = (options as { after?: unknown }).after;
  if (after === null || typeof after !== 'object') return undefined;
  const { blockNumber, transactionIndex } = after as Record<string, unknown>;
  if (typeof blockNumber !== 'string' || typeof transactionIndex !== 'string') return undefined;
  if (!/^0x[0-9a-fA-F]{1,12}$/.test(blockNumber) || !/^0x[0-9a-fA-F]{1,12}$/.test(transactionIndex)) return undefined;
  return { blockNumber: Number(blockNumber), transactionIndex: Number(transactionIndex) };
}

/** True when `view` holds the cursor's transaction (pre-confirmed in the open block, or sealed). */
export function holdsCursor(view: ChainView, cursor: ResumeCursor): boolean {
  const open = view.open;
  return open.number > cursor.blockNumber || (open.number === cursor.blockNumber && open.transactionCount > cursor.transactionIndex);
}

async function waitForCursor(cursor: ResumeCursor, options: ResumeWaitOptions, tier: string): Promise<void> {
  const { views, sequencing } = options;
  if (await until(() => sequencing() || holdsCursor(views.current(), cursor), options.intervalMs)) return;
  const sequencerOpen = await options.sequencerOpenBlock(tier);
  if (sequencerOpen === undefined || sequencerOpen < cursor.blockNumber) return;
  await until(() => sequencing() || views.current().open.number >= cursor.blockNumber, options.timeoutMs);
}

/** Polls `reached` until true (resolves true) or until `timeoutMs` passed (resolves false). */
async function until(reached: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!reached()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}
