import type { Hex } from '../../primitives/hex.js';

/** Where sub-block announcements come from (the node's event bus). */
export interface SubBlockAnnouncements {
  on(event: 'subBlock', listener: (subBlock: { transactionHashes: readonly Hex[] }) => void): () => void;
}

/**
 * Submits a transaction and waits until a sub-block pre-confirms it, or `timeoutMs` passes.
 * The sub-block listener is attached before submitting, so a pre-confirmation that lands while
 * the submission is still being journaled cannot be missed (EIP-7966's "subscribe first").
 * Submission errors propagate unchanged. Resolves with the hash and whether it was pre-confirmed.
 */
export async function submitAndAwaitPreconfirmation(options: {
  submit: () => Promise<Hex>;
  events: SubBlockAnnouncements;
  /** True when the hash is already pre-confirmed or sealed (checked once after submitting). */
  isPreconfirmed: (hash: Hex) => boolean;
  timeoutMs: number;
}): Promise<{ hash: Hex; preconfirmed: boolean }> {
  const seen = new Set<Hex>();
  let target: Hex | undefined;
  let done: ((preconfirmed: boolean) => void) | undefined;
  const unsubscribe = options.events.on('subBlock', (subBlock) => {
    for (const hash of subBlock.transactionHashes) {
      if (target === undefined) seen.add(hash);
      else if (hash === target) done?.(true);
    }
  });
  try {
    target = await options.submit();
    if (seen.has(target) || options.isPreconfirmed(target)) return { hash: target, preconfirmed: true };
    const hash = target;
    const preconfirmed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), options.timeoutMs);
      done = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
    });
    return { hash, preconfirmed };
  } finally {
    unsubscribe();
  }
}
