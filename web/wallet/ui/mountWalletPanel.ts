/**
 * The wallet's own UI: a button in the page's corner that opens a panel with the network and
 * account pickers, the balance, key import, a Send form and the settings (dev mode; whether this
 * site may suggest networks). It redraws on the wallet's events.
 */
import { parseEther } from 'viem';
import { element } from '../../shared/element.js';
import { formatAmount } from '../formatAmount.js';
import type { SequinWallet } from '../SequinWallet.js';
import { walletShadowRoot } from './walletShadowRoot.js';

/** Mounts the panel for `wallet` on the page; `origin` is the site the settings apply to. */
export async function mountWalletPanel(wallet: SequinWallet, origin: string): Promise<void> {
  const root = await walletShadowRoot();
  const pill = element('button', { type: 'button', class: 'pill', 'aria-expanded': 'false', 'aria-controls': 'sequin-wallet-panel' });
  const panel = element('div', { class: 'panel', id: 'sequin-wallet-panel', role: 'region', 'aria-label': 'Sequin Wallet' });
  panel.hidden = true;
  root.append(pill, panel);

  const redraw = () => {
    const network = wallet.networks.active();
    pill.textContent = `Sequin Wallet · ${network ? network.chainName : 'no network'}`;
    if (!panel.hidden) drawPanel(panel, wallet, origin, redraw);
  };
  pill.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    pill.setAttribute('aria-expanded', String(!panel.hidden));
    redraw();
  });
  for (const event of ['chainChanged', 'accountsChanged', 'connect']) wallet.on(event, redraw);
  redraw();
}

function drawPanel(panel: HTMLElement, wallet: SequinWallet, origin: string, redraw: () => void): void {
  const network = wallet.networks.active();
  const account = wallet.accounts.selected();
  const status = element('div', { class: 'status', role: 'status' });
  const report = (text: string, isError = false) => {
    status.textContent = text;
    status.className = isError ? 'status error' : 'status';
  };

  const networkSelect = element('select', { 'aria-label': 'Network' });
  if (!network) networkSelect.append(element('option', { value: '' }, 'No network yet (use a site’s Add to wallet)'));
  for (const candidate of wallet.networks.list()) {
    const option = element('option', { value: candidate.chainId }, `${candidate.chainName} (${BigInt(candidate.chainId)})`);
    option.selected = candidate.chainId === network?.chainId;
    networkSelect.append(option);
  }
  networkSelect.addEventListener('change', () => networkSelect.value && wallet.selectNetwork(networkSelect.value));

  const accountSelect = element('select', { 'aria-label': 'Account' });
  for (const candidate of wallet.accounts.list()) {
    const option = element('option', { value: candidate.address }, `${candidate.label}: ${candidate.address}`);
    option.selected = candidate.address === account?.address;
    accountSelect.append(option);
  }
  if (!account) accountSelect.append(element('option', { value: '' }, 'No account: import a key'));
  accountSelect.addEventListener('change', () => accountSelect.value && wallet.selectAccount(accountSelect.value));

  const balance = element('div', { class: 'muted' }, network && account ? 'Balance: …' : '');
  if (network && account) {
    wallet.read<string>('eth_getBalance', [account.address, 'pending']).then(
      (wei) => (balance.textContent = `Balance: ${formatAmount(BigInt(wei), network)}`),
      () => (balance.textContent = 'Balance: RPC unreachable'),
    );
  }

  const keyInput = element('input', { type: 'password', 'aria-label': 'Private key', placeholder: '0x… private key', autocomplete: 'off' });
  const importButton = element('button', { type: 'button' }, 'Import');
  importButton.addEventListener('click', () => {
    try {
      wallet.importKey(keyInput.value);
      keyInput.value = '';
      redraw();
    } catch (error) {
      report((error as Error).message, true);
    }
  });

  const toInput = element('input', { 'aria-label': 'To', placeholder: '0x… recipient', autocomplete: 'off' });
  const amountInput = element('input', { 'aria-label': 'Amount', placeholder: `amount in ${network?.nativeCurrency.symbol ?? 'ETH'}`, inputmode: 'decimal' });
  const sendButton = element('button', { type: 'button', class: 'primary' }, 'Send');
  sendButton.addEventListener('click', async () => {
    if (!/^0x[0-9a-fA-F]{40}$/.test(toInput.value.trim())) return report('recipient: a 0x address of 40 hex digits', true);
    let value: bigint;
    try {
      value = parseEther(amountInput.value.trim() || '0');
    } catch {
      return report('amount: a decimal number', true);
    }
    sendButton.disabled = true;
    report('sending…');
    try {
      const hash = await wallet.send(toInput.value.trim() as `0x${string}`, value);
      report(`sent ${hash}`);
    } catch (error) {
      report((error as Error).message, true);
    } finally {
      sendButton.disabled = false;
    }
  });

  const allowAdditions = element('input', { type: 'checkbox' });
  allowAdditions.checked = wallet.settings.additionsAllowed(origin);
  allowAdditions.addEventListener('change', () => wallet.settings.setAdditionsAllowed(origin, allowAdditions.checked));
  const devMode = element('input', { type: 'checkbox' });
  devMode.checked = wallet.settings.devMode;
  devMode.addEventListener('change', () => (wallet.settings.devMode = devMode.checked));

  panel.replaceChildren(
    element('h2', {}, 'Sequin Wallet'),
    element('section', {}, networkSelect, accountSelect, balance),
    element('section', {}, element('div', { class: 'row' }, toInput, amountInput), sendButton),
    element(
      'section',
      {},
      element('div', { class: 'row' }, keyInput, importButton),
      element('div', { class: 'muted' }, 'Imported keys stay in this tab (sessionStorage).'),
    ),
    element(
      'section',
      {},
      element('label', { class: 'check' }, allowAdditions, `Allow ${origin} to suggest networks`),
      element('label', { class: 'check' }, devMode, 'Dev mode: accept http RPC URLs on localhost, 127.0.0.1 and [::1]'),
    ),
    status,
  );
}
