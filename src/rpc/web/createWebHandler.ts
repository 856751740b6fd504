/**
 * The node's GET routes besides /health, plugged into the HTTP transport's `getHandler` hook:
 *
 *   GET /                      browsers (Accept: text/html) → the live page; others → a short text
 *   GET /tx/… /block/… /address/…   the page, opened on that lookup (the chain data's explorer URL)
 *   GET /chain                 the chain data (EIP-3085) derived from the node's configuration
 *   GET /chain/viem            the same chain as a viem `Chain` (block time, pre-confirmation interval, Multicall3)
 *   GET /chain/rules           the rules the head runs under: fork, code size and gas limits, and how the node presents itself
 *   GET /chain/viem            the same chain as a viem `Chain` (block time, pre-confirmation interval, Multicall3, sequencer)
 *   GET /chain/sequencer       the sequencer key's address and the chain id, as sequin_sequencer answers
 *   GET /wallet-config         the wallet's dev-mode default, and the dev account keys on loopback
 *   GET /wallet.js, /page.js, /page.css (+ .map), /icon.svg
 *
 * Paths match exactly from the root: under any other prefix the hook declines (404), so a
 * transport that mounts RPC under e.g. /v1/<key> never serves the page there. POST is never seen here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevAccount } from '../../config/devAccounts.js';
import type { NodeConfig } from '../../config/nodeConfig.js';
import { chainDataFor } from './chainData.js';
import { CHAIN_ICON_SVG } from './chainIcon.js';
import { pageHtml } from './pageHtml.js';
import { isLoopbackHost, publicBaseUrl } from './publicBaseUrl.js';
import { viemChainFor } from './viemChainFor.js';
import { isWebAssetPath, webAsset } from './webAssets.js';

/** What the web routes need from the node. */
export interface WebHandlerOptions {
  config: Pick<NodeConfig, 'chainId' | 'host' | 'publicUrl' | 'blockTimeMs' | 'preconfIntervalMs'>;
  /** The dev accounts; their keys are handed to the wallet only when the node listens on loopback. */
  accounts: readonly DevAccount[];
  /** Whether Multicall3 has code on the chain (the viem chain names it only then); default false. */
  hasMulticall3?: () => boolean;
  /** The chain's rules and the node's presentation, for GET /chain/rules (404 without it). */
  chainRules?: () => object;
  /** The sequencer key's address, when known (a fleet's replica learns it on joining). */
  sequencer?: () => string | undefined;
}

/** The page's policy: its own scripts only; RPC and icons may be anywhere (networks the user adds). */
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; connect-src * ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const EXPLORER_PATH = /^\/(tx|block|address)\/[^/]+$/;
const NOT_HTML_TEXT =
  'Sequin JSON-RPC endpoint: POST JSON-RPC 2.0 requests to this URL (WebSocket on the same URL).\nOpen it in a browser for the live page; GET /chain returns the chain data for wallet_addEthereumChain.\n';

/** Builds the `getHandler` hook; it returns false for paths it does not serve. */
export function createWebHandler(options: WebHandlerOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const devMode = isLoopbackHost(options.config.host);
  const walletConfig = JSON.stringify({ devMode, devAccountKeys: devMode ? options.accounts.map((account) => account.privateKey) : [] });
  return (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const chain = () => chainDataFor(options.config, publicBaseUrl(options.config, req.socket));
    const viemChain = () => viemChainFor(options.config, publicBaseUrl(options.config, req.socket), options.hasMulticall3?.() ?? false, options.sequencer?.());
    if (path === '/') {
      if (acceptsHtml(req)) sendPage(res, pageHtml({ chain: chain(), root: './' }));
      else send(res, 200, 'text/plain; charset=utf-8', NOT_HTML_TEXT);
      return true;
    }
    if (EXPLORER_PATH.test(path)) {
      sendPage(res, pageHtml({ chain: chain(), root: '../' }));
      return true;
    }
    switch (path) {
      case '/chain':
        send(res, 200, 'application/json', JSON.stringify(chain()));
        return true;
      case '/chain/viem':
        send(res, 200, 'application/json', JSON.stringify(viemChain()));
        return true;
      case '/chain/rules':
        if (!options.chainRules) return false;
        send(res, 200, 'application/json', JSON.stringify(options.chainRules()));
        return true;
      case '/chain/sequencer':
        // Not in GET /chain: that is EIP-3085 chain data, and wallets refuse keys EIP-3085 does not define.
        send(res, 200, 'application/json', JSON.stringify({ address: options.sequencer?.() ?? null, chainId: `0x${options.config.chainId.toString(16)}` }));
        return true;
      case '/wallet-config':
        send(res, 200, 'application/json', walletConfig);
        return true;
      case '/icon.svg':
        send(res, 200, 'image/svg+xml', CHAIN_ICON_SVG);
        return true;
    }
    if (!isWebAssetPath(path)) return false;
    const asset = webAsset(path);
    if (asset) send(res, 200, asset.contentType, asset.body);
    else send(res, 404, 'text/plain; charset=utf-8', `${path} is not built: run "npm run build"\n`);
    return true;
  };
}

/** True when the client prefers a page: browsers navigating send Accept: text/html. */
function acceptsHtml(req: IncomingMessage): boolean {
  return /\btext\/html\b/i.test(req.headers.accept ?? '');
}

function sendPage(res: ServerResponse, html: string): void {
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  send(res, 200, 'text/html; charset=utf-8', html);
}

/** A complete response; revalidated on every load, since the node's build may change under it. */
function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}
