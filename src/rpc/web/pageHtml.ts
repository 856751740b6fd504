/**
 * The node's web page (`GET /` for browsers, and the explorer paths /tx/…, /block/…, /address/…).
 * The HTML is a shell: the wallet (`wallet.js`) and the page script (`page.js`) fill it in
 * from the node's RPC and WebSocket subscriptions. Asset URLs are relative (`./` or `../`), so
 * the page works both when opened directly and behind a proxy that serves it under a path.
 */
import type { ChainData } from './chainData.js';

/** What the page shows before its script runs. */
export interface PageModel {
  chain: ChainData;
  /** The relative path from the requested page back to the node's root: "./" or "../". */
  root: string;
}

/** The page's HTML. Every interpolated value is escaped. */
export function pageHtml({ chain, root }: PageModel): string {
  const chainId = BigInt(chain.chainId).toString();
  const r = escapeHtml(root);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(chain.chainName)}</title>
<link rel="icon" href="${r}icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${r}page.css">
<script src="${r}wallet.js"></script>
<script src="${r}page.js" defer></script>
</head>
<body data-root="${r}">
<header>
  <div class="title">
    <h1>${escapeHtml(chain.chainName)}</h1>
    <p class="muted">Chain ID <strong>${chainId}</strong> (${escapeHtml(chain.chainId)}) · RPC <code>${escapeHtml(chain.rpcUrls[0]!)}</code> · ${escapeHtml(chain.nativeCurrency.symbol)}</p>
  </div>
  <div class="wallet">
    <label for="wallet-picker" class="muted">Wallet</label>
    <select id="wallet-picker"><option value="">looking for wallets…</option></select>
    <button type="button" id="add-to-wallet">Add to wallet</button>
    <p id="wallet-status" role="status" aria-live="polite"></p>
  </div>
</header>
<main>
  <section aria-labelledby="heartbeat-title" class="heartbeat">
    <h2 id="heartbeat-title">Sequencer <span id="connection" class="badge">connecting…</span></h2>
    <div class="beat-row">
      <span id="beat" class="beat" aria-hidden="true"></span>
      <p id="tick-info" aria-live="off">waiting for the first tick…</p>
    </div>
    <ol id="ticks" class="ticks" aria-label="Recent sequencer ticks (filled: sub-block with transactions, hollow: empty tick)"></ol>
  </section>
  <section aria-labelledby="lookup-title">
    <h2 id="lookup-title">Look up</h2>
    <form id="lookup" role="search">
      <input id="lookup-query" name="q" aria-label="Transaction hash, block number or address" placeholder="transaction hash, block number or hash, address" autocomplete="off" spellcheck="false">
      <button type="submit">Look up</button>
    </form>
    <div id="lookup-result" aria-live="polite"></div>
  </section>
  <section aria-labelledby="preconf-title">
    <h2 id="preconf-title">Pre-confirmed transactions <span id="open-block" class="muted"></span></h2>
    <table id="preconf">
      <thead><tr><th>Transaction</th><th>From</th><th>To</th><th>Value</th><th>Block · sub-block</th><th>Status</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>
  <section aria-labelledby="blocks-title">
    <h2 id="blocks-title">Sealed blocks</h2>
    <table id="blocks">
      <thead><tr><th>Block</th><th>Hash</th><th>Transactions</th><th>Gas used</th><th>Base fee</th><th>Time</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>
</main>
<noscript>This page needs JavaScript. JSON-RPC is served on POST at this URL.</noscript>
</body>
</html>
`;
}

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
