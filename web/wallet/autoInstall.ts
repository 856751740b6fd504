/**
 * Entry of `/wallet.js` (dist/web/wallet.js): a plain <script> that installs the wallet. The
 * node's wallet config is read from next to the script, so `<script src="http://127.0.0.1:8545/wallet.js">`
 * on any page gets that node's dev accounts and dev-mode default.
 */
import { installSequinWallet } from './installSequinWallet.js';

const script = document.currentScript as HTMLScriptElement | null;
installSequinWallet({ configUrl: script?.src ? new URL('wallet-config', script.src).href : undefined });
