import { bigWholeNumber, wholeNumber } from '../settingKinds.js';

/**
 * Tx pool limits; the names and defaults are geth's (core/txpool/legacypool). geth quietly puts
 * its default back for a zero slot count or a price bump below 1; Sequin refuses them instead.
 */
export const TXPOOL_SETTINGS = {
  accountSlots: wholeNumber({
    name: 'txpool-account-slots',
    default: 16,
    min: 1,
    doc: 'executable txs per account spared from eviction while other accounts hold more',
  }),
  // geth: 4096 + 1024.
  globalSlots: wholeNumber({
    name: 'txpool-global-slots',
    default: 5120,
    min: 1,
    doc: 'most executable txs in the pool (then the cheapest other sender’s last is evicted, or the tx refused)',
  }),
  accountQueue: wholeNumber({ name: 'txpool-account-queue', default: 64, min: 0, doc: 'future-nonce txs per account; 0 refuses them' }),
  globalQueue: wholeNumber({
    name: 'txpool-global-queue',
    default: 1024,
    min: 0,
    doc: 'most future-nonce txs in the pool (then the cheapest queued tx of another sender is evicted, or the tx refused)',
  }),
  priceBump: wholeNumber({
    name: 'txpool-price-bump',
    unit: 'percent',
    default: 10,
    min: 1,
    minimumReason: 'a replacement must pay more than the tx it replaces',
    doc: 'fee increase (fee cap **and** tip) needed to replace a pooled tx',
  }),
  // geth's --txpool.pricelimit.
  priceLimit: bigWholeNumber({ name: 'txpool-price-limit', unit: 'wei', default: 1n, min: 0n, doc: 'minimum tip accepted; 0 accepts any' }),
};
