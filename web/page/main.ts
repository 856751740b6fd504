/**
 * Entry of the node's page (`/page.js`): live heartbeat, pre-confirmed transactions and sealed
 * blocks from WebSocket subscriptions, the lookup, and the "Add to wallet" button.
 */

import { BlocksTable } from './blocksTable.js';
import { Heartbeat } from './heartbeat.js';
import { connectLiveFeed, type Head, type PreconfTransaction, webSocketUrl } from './liveFeed.js';
import { lookupFromPath, runLookup } from './lookup.js';
import { nodeRootUrl, pageRpc } from './pageRpc.js';
import { PreconfTable } from './preconfTable.js';
import { setUpAddToWallet } from './setUpAddToWallet.js';

const heartbeat = new Heartbeat();
const preconf = new PreconfTable();
const blocks = new BlocksTable();
const connection = document.getElementById('connection')!;

setUpAddToWallet();

connectLiveFeed(webSocketUrl(nodeRootUrl()), {
  onStatus: (status) => {
    connection.textContent = status === 'live' ? 'live' : `${status}…`;
    connection.className = `badge ${status}`;
  },
  onTick: (tick) => heartbeat.tick(tick),
  onTransaction: (tx, cursor) => preconf.add(tx, cursor),
  onHead: (head) => {
    blocks.add(head);
    preconf.sealed(head);
    // newHeads has no body: fetch the count (cheap, and only once per block).
    pageRpc<{ transactions: string[] } | null>('eth_getBlockByNumber', [head.number, false]).then(
      (block) => block && blocks.setCount(head.number, block.transactions.length),
      () => undefined,
    );
  },
});

void loadRecent();

// Lookup: the form, in-page links, the explorer path the page was opened on, and back/forward.
const form = document.getElementById('lookup') as HTMLFormElement;
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const query = (document.getElementById('lookup-query') as HTMLInputElement).value;
  if (query.trim()) void runLookup(query);
});
document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest?.('a[data-lookup]') as HTMLAnchorElement | null;
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  history.pushState(null, '', link.href);
  void runLookup(link.dataset.lookup!);
});
window.addEventListener('popstate', () => {
  const query = lookupFromPath(location.pathname);
  if (query) void runLookup(query);
});
const initial = lookupFromPath(location.pathname);
if (initial) void runLookup(initial);

/** The last sealed blocks and the open block's pre-confirmed transactions, shown before live data arrives. */
async function loadRecent(): Promise<void> {
  const pending = await pageRpc<{ number: string; transactions: PreconfTransaction[] }>('eth_getBlockByNumber', ['pending', true]).catch(() => null);
  for (const tx of pending?.transactions ?? []) preconf.add({ ...tx, blockHash: null }, undefined);
  const latest = await pageRpc<(Head & { transactions: string[] }) | null>('eth_getBlockByNumber', ['latest', false]).catch(() => null);
  if (!latest) return;
  const numbers = [];
  for (let number = BigInt(latest.number); number >= 0n && numbers.length < 10; number--) numbers.push(number);
  const recent = await Promise.all(
    numbers.map((number) => pageRpc<(Head & { transactions: string[] }) | null>('eth_getBlockByNumber', [`0x${number.toString(16)}`, false]).catch(() => null)),
  );
  for (const block of recent) if (block) blocks.add(block, block.transactions.length);
}
