/**
 * wallet_addEthereumChain's parameter validation, as a table: each malformed request is answered
 * -32602 with a message naming the problem (MetaMask's wording where MetaMask has one), before
 * any RPC is contacted or any dialog shown. Runs against the wallet in headless Chromium.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { answerDialog, type ChainDataJson, chainDataOf, errorOf, launchBrowser, openPage, openWalletPanel, walletRequest } from './browserHarness.js';

let browser: Browser;
let node: NodeProcess;
let chain: ChainDataJson;
let page: Page;

beforeAll(async () => {
  [browser, node] = await Promise.all([launchBrowser(), startNodeProcess()]);
  chain = await chainDataOf(node.url);
  ({ page } = await openPage(browser, `${node.url}/`));
});

afterAll(async () => {
  await browser?.close();
  await cleanupNodeProcesses();
});

/** The node's chain data with some fields replaced (undefined removes a field). */
function chainWith(changes: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = { ...chain, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete data[key];
  return data;
}

function currencyWith(changes: Record<string, unknown>): Record<string, unknown> {
  const currency: Record<string, unknown> = { ...chain.nativeCurrency, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete currency[key];
  return chainWith({ nativeCurrency: currency });
}

const NOT_HTTPS_RPC = "Expected an array with at least one valid string HTTPS url 'rpcUrls', Received:\n";
const CHAIN_ID_FORMAT = "Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n";
const ONLY_HTTPS = '(only https:; http: only for localhost in dev mode)';

/** [case, params, expected message]; functions where the node's chain data (known once it runs) is needed. */
const CASES: Array<[string, () => unknown, string | (() => string)]> = [
  ['no params', () => undefined, 'Expected single, object parameter. Received:\nundefined'],
  ['empty params', () => [], 'Expected single, object parameter. Received:\n[]'],
  ['two objects', () => [chain, chain], () => `Expected single, object parameter. Received:\n${JSON.stringify([chain, chain])}`],
  ['a string', () => ['0x7a69'], 'Expected single, object parameter. Received:\n["0x7a69"]'],
  ['null', () => [null], 'Expected single, object parameter. Received:\n[null]'],
  ['an array inside', () => [[1]], 'Expected single, object parameter. Received:\n[[1]]'],
  ['an unknown key', () => [chainWith({ rpcUrl: 'https://x.example' })], 'Received unexpected keys on object parameter. Unsupported keys:\nrpcUrl'],
  ['two unknown keys', () => [chainWith({ name: 'x', shortName: 'y' })], 'Received unexpected keys on object parameter. Unsupported keys:\nname, shortName'],
  ['chainId missing', () => [chainWith({ chainId: undefined })], `${CHAIN_ID_FORMAT}undefined`],
  ['chainId a number', () => [chainWith({ chainId: 31337 })], `${CHAIN_ID_FORMAT}31337`],
  ['chainId decimal string', () => [chainWith({ chainId: '31337' })], `${CHAIN_ID_FORMAT}31337`],
  ['chainId "0x"', () => [chainWith({ chainId: '0x' })], `${CHAIN_ID_FORMAT}0x`],
  ['chainId zero', () => [chainWith({ chainId: '0x0' })], `${CHAIN_ID_FORMAT}0x0`],
  ['chainId zero-padded', () => [chainWith({ chainId: '0x07a69' })], `${CHAIN_ID_FORMAT}0x07a69`],
  ['chainId not hex', () => [chainWith({ chainId: '0x7g69' })], `${CHAIN_ID_FORMAT}0x7g69`],
  ['chainId with a space', () => [chainWith({ chainId: ' 0x7a69' })], `${CHAIN_ID_FORMAT} 0x7a69`],
  [
    'chainId above the max safe chain id',
    () => [chainWith({ chainId: '0x10000000000000' })],
    'Invalid chain ID "0x10000000000000": numerical value greater than max safe value. Received:\n0x10000000000000',
  ],
  [
    'chainId of 80 bits',
    () => [chainWith({ chainId: '0xFFFFFFFFFFFFFFFFFFFF' })],
    'Invalid chain ID "0xffffffffffffffffffff": numerical value greater than max safe value. Received:\n0xFFFFFFFFFFFFFFFFFFFF',
  ],
  ['chainName missing', () => [chainWith({ chainName: undefined })], "Expected non-empty string 'chainName'. Received:\nundefined"],
  ['chainName empty', () => [chainWith({ chainName: '' })], "Expected non-empty string 'chainName'. Received:\n"],
  ['chainName blank', () => [chainWith({ chainName: '   ' })], "Expected non-empty string 'chainName'. Received:\n   "],
  ['chainName a number', () => [chainWith({ chainName: 42 })], "Expected non-empty string 'chainName'. Received:\n42"],
  [
    'nativeCurrency missing',
    () => [chainWith({ nativeCurrency: undefined })],
    "Expected an object 'nativeCurrency' with 'name', 'symbol' and 'decimals'. Received:\nundefined",
  ],
  [
    'nativeCurrency null',
    () => [chainWith({ nativeCurrency: null })],
    "Expected an object 'nativeCurrency' with 'name', 'symbol' and 'decimals'. Received:\nnull",
  ],
  [
    'nativeCurrency a string',
    () => [chainWith({ nativeCurrency: 'ETH' })],
    "Expected an object 'nativeCurrency' with 'name', 'symbol' and 'decimals'. Received:\nETH",
  ],
  ['nativeCurrency unknown key', () => [currencyWith({ logo: 'x' })], "Received unexpected keys on 'nativeCurrency'. Unsupported keys:\nlogo"],
  ['currency name missing', () => [currencyWith({ name: undefined })], "Expected a non-empty string 'nativeCurrency.name'. Received: undefined"],
  ['currency name empty', () => [currencyWith({ name: '' })], "Expected a non-empty string 'nativeCurrency.name'. Received: "],
  ['symbol missing', () => [currencyWith({ symbol: undefined })], "Expected a string 'nativeCurrency.symbol'. Received: undefined"],
  ['symbol a number', () => [currencyWith({ symbol: 5 })], "Expected a string 'nativeCurrency.symbol'. Received: 5"],
  ['symbol empty', () => [currencyWith({ symbol: '' })], "Expected 1-6 character string 'nativeCurrency.symbol'. Received:\n"],
  ['symbol of 7 characters', () => [currencyWith({ symbol: 'TOOLONG' })], "Expected 1-6 character string 'nativeCurrency.symbol'. Received:\nTOOLONG"],
  ['decimals missing', () => [currencyWith({ decimals: undefined })], "Expected an integer from 0 to 255 'nativeCurrency.decimals'. Received: undefined"],
  ['decimals a string', () => [currencyWith({ decimals: '18' })], 'Expected an integer from 0 to 255 \'nativeCurrency.decimals\'. Received: "18"'],
  ['decimals fractional', () => [currencyWith({ decimals: 18.5 })], "Expected an integer from 0 to 255 'nativeCurrency.decimals'. Received: 18.5"],
  ['decimals negative', () => [currencyWith({ decimals: -1 })], "Expected an integer from 0 to 255 'nativeCurrency.decimals'. Received: -1"],
  ['decimals 256', () => [currencyWith({ decimals: 256 })], "Expected an integer from 0 to 255 'nativeCurrency.decimals'. Received: 256"],
  ['rpcUrls missing', () => [chainWith({ rpcUrls: undefined })], `${NOT_HTTPS_RPC}undefined`],
  ['rpcUrls empty', () => [chainWith({ rpcUrls: [] })], `${NOT_HTTPS_RPC}[]`],
  ['rpcUrls a string', () => [chainWith({ rpcUrls: 'https://rpc.example.com' })], `${NOT_HTTPS_RPC}https://rpc.example.com`],
  ['rpcUrls entry a number', () => [chainWith({ rpcUrls: [42] })], "Invalid URL in 'rpcUrls': 42 is not a string"],
  ['rpcUrls entry not a URL', () => [chainWith({ rpcUrls: ['rpc.example.com'] })], 'Invalid URL in \'rpcUrls\': "rpc.example.com" is not a valid URL'],
  [
    'rpcUrls http on a remote host',
    () => [chainWith({ rpcUrls: ['http://rpc.example.com'] })],
    'Invalid URL in \'rpcUrls\': "http://rpc.example.com" uses http: (only https: is allowed; http: only for localhost, 127.0.0.1 and [::1] in dev mode)',
  ],
  ['rpcUrls file:', () => [chainWith({ rpcUrls: ['file:///etc/passwd'] })], `Invalid URL in 'rpcUrls': "file:" URLs are not allowed ${ONLY_HTTPS}`],
  [
    'rpcUrls javascript:',
    () => [chainWith({ rpcUrls: ['javascript:alert(1)'] })],
    `Invalid URL in 'rpcUrls': "javascript:" URLs are not allowed ${ONLY_HTTPS}`,
  ],
  ['rpcUrls data:', () => [chainWith({ rpcUrls: ['data:text/plain,0x7a69'] })], `Invalid URL in 'rpcUrls': "data:" URLs are not allowed ${ONLY_HTTPS}`],
  ['rpcUrls ws:', () => [chainWith({ rpcUrls: ['ws://127.0.0.1:8545'] })], `Invalid URL in 'rpcUrls': "ws:" URLs are not allowed ${ONLY_HTTPS}`],
  [
    'rpcUrls with credentials (masked in the message)',
    () => [chainWith({ rpcUrls: ['https://alice:hunter2@rpc.example.com/'] })],
    'Invalid URL in \'rpcUrls\': "https://***:***@rpc.example.com/" contains credentials, which are never accepted in a URL',
  ],
  [
    'rpcUrls with one bad entry of two',
    () => [chainWith({ rpcUrls: [chain.rpcUrls[0], 'ftp://rpc.example.com'] })],
    `Invalid URL in 'rpcUrls': "ftp:" URLs are not allowed ${ONLY_HTTPS}`,
  ],
  [
    'blockExplorerUrls empty',
    () => [chainWith({ blockExplorerUrls: [] })],
    "Expected null or array with at least one valid string HTTPS URL 'blockExplorerUrl'. Received: []",
  ],
  [
    'blockExplorerUrls a string',
    () => [chainWith({ blockExplorerUrls: 'https://scan.example.com' })],
    "Expected null or array with at least one valid string HTTPS URL 'blockExplorerUrl'. Received: https://scan.example.com",
  ],
  [
    'blockExplorerUrls http remote',
    () => [chainWith({ blockExplorerUrls: ['http://scan.example.com'] })],
    'Invalid URL in \'blockExplorerUrls\': "http://scan.example.com" uses http: (only https: is allowed; http: only for localhost, 127.0.0.1 and [::1] in dev mode)',
  ],
  [
    'blockExplorerUrls javascript:',
    () => [chainWith({ blockExplorerUrls: ['javascript:alert(1)'] })],
    `Invalid URL in 'blockExplorerUrls': "javascript:" URLs are not allowed ${ONLY_HTTPS}`,
  ],
  [
    'iconUrls a string',
    () => [chainWith({ iconUrls: 'https://x.example/i.png' })],
    "Expected null or array with at least one valid string HTTPS URL 'iconUrls'. Received: https://x.example/i.png",
  ],
  ['iconUrls data:', () => [chainWith({ iconUrls: ['data:image/png;base64,AAAA'] })], `Invalid URL in 'iconUrls': "data:" URLs are not allowed ${ONLY_HTTPS}`],
  [
    'iconUrls with credentials',
    () => [chainWith({ iconUrls: ['https://u:p@x.example/i.png'] })],
    'Invalid URL in \'iconUrls\': "https://***:***@x.example/i.png" contains credentials, which are never accepted in a URL',
  ],
];

describe('wallet_addEthereumChain refuses malformed chain data with -32602', () => {
  it('has more than 30 cases', () => expect(CASES.length).toBeGreaterThan(30));

  it.each(CASES)('%s', async (_name, params, message) => {
    const error = errorOf(await walletRequest(page, 'wallet_addEthereumChain', params()));
    expect(error).toEqual({ code: -32602, message: typeof message === 'function' ? message() : message });
    expect(error.message).not.toContain('hunter2');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('dev mode', () => {
  it('with dev mode off (a wallet setting), http is refused even on loopback hosts', async () => {
    const { page: devOff, context } = await openPage(browser, `${node.url}/`);
    await openWalletPanel(devOff);
    await devOff.getByRole('checkbox', { name: /^Dev mode/ }).uncheck();
    for (const url of [chain.rpcUrls[0]!, 'http://localhost:8545', 'http://[::1]:8545']) {
      const hostname = new URL(url).hostname;
      expect(errorOf(await walletRequest(devOff, 'wallet_addEthereumChain', [chainWith({ rpcUrls: [url] })]))).toEqual({
        code: -32602,
        message: `Invalid URL in 'rpcUrls': "${url}" uses http: on ${hostname}, which is allowed only when the wallet's dev mode is on`,
      });
    }
    await context.close();
  });
});

describe('accepted variations', () => {
  it('normalizes what it accepts: chain id case, a 150-character name cut to 100, duplicate URLs, null explorer list', async () => {
    const { page: fresh, context } = await openPage(browser, `${node.url}/`);
    const longName = 'N'.repeat(150);
    const outcome = walletRequest(fresh, 'wallet_addEthereumChain', [
      chainWith({ chainId: '0x7A69', chainName: longName, rpcUrls: [chain.rpcUrls[0], `${chain.rpcUrls[0]}/`], blockExplorerUrls: null, iconUrls: undefined }),
    ]);
    await answerDialog(fresh, 'Approve');
    expect(await outcome).toEqual({ result: null });
    const networks = await fresh.evaluate(() => (window as unknown as { sequinWallet: { networks: { list(): unknown[] } } }).sequinWallet.networks.list());
    expect(networks).toEqual([
      {
        chainId: '0x7a69',
        chainName: 'N'.repeat(100),
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: [`${chain.rpcUrls[0]}/`],
        blockExplorerUrls: [],
        iconUrls: [],
      },
    ]);
    await context.close();
  });
});
