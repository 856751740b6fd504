import { describe, expect, it } from 'vitest';
import { type BudgetedConsumer, OutboundBudget } from './OutboundBudget.js';

/** A consumer holding `heldBytes`, which releases them when dropped. */
function consumer(budget: OutboundBudget, name: string, dropped: string[]): BudgetedConsumer & { hold(bytes: number): void } {
  let held = 0;
  const self = {
    get heldBytes() {
      return held;
    },
    hold(bytes: number) {
      held += bytes;
      budget.change(bytes);
    },
    dropAsSlowConsumer() {
      dropped.push(name);
      budget.change(-held);
      held = 0;
      budget.leave(self);
    },
  };
  budget.join(self);
  return self;
}

describe('OutboundBudget', () => {
  it('drops nobody while the total fits', () => {
    const budget = new OutboundBudget(1000);
    const dropped: string[] = [];
    const a = consumer(budget, 'a', dropped);
    const b = consumer(budget, 'b', dropped);
    a.hold(600);
    b.hold(400);
    expect(dropped).toEqual([]);
    expect(budget.total).toBe(1000);
  });

  it('past the limit, drops the consumers holding the most until the rest fits', () => {
    const budget = new OutboundBudget(1000);
    const dropped: string[] = [];
    const reader = consumer(budget, 'reader', dropped);
    const stalled = consumer(budget, 'stalled', dropped);
    const lagging = consumer(budget, 'lagging', dropped);
    stalled.hold(700);
    lagging.hold(250);
    reader.hold(40);
    // The reader's next message tips the total over: the one furthest behind goes, not the one that asked.
    reader.hold(40);
    expect(dropped).toEqual(['stalled']);
    expect(budget.total).toBe(330);
    lagging.hold(600);
    reader.hold(100);
    expect(dropped).toEqual(['stalled', 'lagging']);
    expect(budget.total).toBe(180);
  });
});
