/**
 * The "Add to wallet" button: finds wallets (EIP-6963, else `window.ethereum`), lets the user pick
 * one, and registers this node's chain (`GET chain`) with the dApp helper's switchOrAddChain, which
 * reports refusals in words (4100 lists the values to add the network by hand).
 */

import type { Eip1193Provider } from '../dapp/addChain.js';
import { switchOrAddChain } from '../dapp/switchOrAddChain.js';
import type { ChainData } from '../shared/chainData.js';
import { nodeRootUrl } from './pageRpc.js';

interface AnnouncedWallet {
  info: { uuid: string; name: string; rdns: string };
  provider: Eip1193Provider;
}

/** Wires the wallet picker and the button. */
export function setUpAddToWallet(): void {
  const picker = document.getElementById('wallet-picker') as HTMLSelectElement;
  const button = document.getElementById('add-to-wallet') as HTMLButtonElement;
  const status = document.getElementById('wallet-status')!;
  const wallets = new Map<string, AnnouncedWallet>();

  const redraw = () => {
    const chosen = picker.value;
    picker.replaceChildren();
    for (const wallet of wallets.values()) picker.append(new Option(wallet.info.name, wallet.info.uuid));
    if (wallets.size === 0) picker.append(new Option('no wallet found', ''));
    // Prefer a wallet the user installed (e.g. MetaMask) over the page's embedded one.
    const preferred = [...wallets.values()].find((wallet) => wallet.info.rdns !== 'dev.sequin.wallet') ?? [...wallets.values()][0];
    picker.value = wallets.has(chosen) ? chosen : (preferred?.info.uuid ?? '');
  };
  window.addEventListener('eip6963:announceProvider', (event) => {
    const detail = (event as CustomEvent<AnnouncedWallet>).detail;
    if (!detail?.info?.uuid || wallets.has(detail.info.uuid)) return;
    wallets.set(detail.info.uuid, detail);
    redraw();
  });
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  // A wallet that predates EIP-6963 only sets window.ethereum.
  setTimeout(() => {
    const legacy = (window as { ethereum?: Eip1193Provider }).ethereum;
    if (wallets.size === 0 && legacy) {
      wallets.set('window.ethereum', { info: { uuid: 'window.ethereum', name: 'Browser wallet', rdns: '' }, provider: legacy });
      redraw();
    }
  }, 500);

  button.addEventListener('click', async () => {
    const wallet = wallets.get(picker.value);
    if (!wallet) {
      show(status, 'No wallet found: install one, or reload to use the page’s built-in Sequin Wallet.', true);
      return;
    }
    button.disabled = true;
    show(status, `Asking ${wallet.info.name}…`, false);
    try {
      const chain = (await (await fetch(new URL('chain', nodeRootUrl()))).json()) as ChainData;
      const outcome = await switchOrAddChain(wallet.provider, chain);
      show(status, outcome === 'added' ? `Added ${chain.chainName} to ${wallet.info.name}.` : `${wallet.info.name} switched to ${chain.chainName}.`, false);
    } catch (error) {
      show(status, (error as Error).message, true);
    } finally {
      button.disabled = false;
    }
  });
}

function show(status: HTMLElement, text: string, isError: boolean): void {
  status.textContent = text;
  status.className = isError ? 'error' : 'ok';
}
