/**
 * Validation of `wallet_addEthereumChain`'s parameters (EIP-3085), shared by the wallet (which
 * answers -32602 with these messages) and the dApp helper (which refuses to send bad data).
 * Where MetaMask has a message for a rule, the wording is MetaMask's (dApps and their tests
 * match on it); rules MetaMask does not have get a message in the same style.
 */
import { CHAIN_DATA_KEYS, type ChainData, MAX_CHAIN_NAME_LENGTH, MAX_SAFE_CHAIN_ID, NATIVE_CURRENCY_KEYS } from './chainData.js';
import { invalidParamsError } from './providerErrors.js';
import { checkUrl } from './validateUrl.js';

/** Options of {@link validateAddEthereumChainParams}. */
export interface ChainDataValidationOptions {
  /** Allow http: URLs on localhost, 127.0.0.1 and [::1]. */
  devMode: boolean;
}

/**
 * Validates the `params` array of `wallet_addEthereumChain` and returns the chain data in the
 * form a wallet stores: chain id in lower case, chain name cut to 100 characters, URLs parsed and
 * de-duplicated, optional lists present (possibly empty). Throws a -32602 {@link ProviderRpcError}
 * naming the first problem found.
 */
export function validateAddEthereumChainParams(params: unknown, options: ChainDataValidationOptions): Required<ChainData> {
  return validateChainData(singleObjectParam(params), options);
}

/** Validates one chain data object (see {@link validateAddEthereumChainParams}). */
export function validateChainData(data: unknown, options: ChainDataValidationOptions): Required<ChainData> {
  if (!isPlainObject(data)) throw invalidParamsError(`Expected single, object parameter. Received:\n${show(data)}`);
  const unknownKeys = Object.keys(data).filter((key) => !(CHAIN_DATA_KEYS as readonly string[]).includes(key));
  if (unknownKeys.length > 0) throw invalidParamsError(`Received unexpected keys on object parameter. Unsupported keys:\n${unknownKeys.join(', ')}`);

  const chainId = validateChainId(data.chainId);
  const rpcUrls = validateUrlList(data.rpcUrls, 'rpcUrls', options, true);
  const chainName = validateChainName(data.chainName);
  const nativeCurrency = validateNativeCurrency(data.nativeCurrency);
  const blockExplorerUrls = validateUrlList(data.blockExplorerUrls, 'blockExplorerUrls', options, false);
  const iconUrls = validateUrlList(data.iconUrls, 'iconUrls', options, false);
  return { chainId, chainName, nativeCurrency, rpcUrls, blockExplorerUrls, iconUrls };
}

/**
 * Validates a chain id: a 0x-prefixed, unpadded, non-zero hex string (case-insensitive, returned
 * in lower case) not above {@link MAX_SAFE_CHAIN_ID}. Used by wallet_switchEthereumChain too.
 */
export function validateChainId(chainId: unknown): string {
  const lower = typeof chainId === 'string' ? chainId.toLowerCase() : undefined;
  if (lower === undefined || !/^0x[1-9a-f][0-9a-f]*$/.test(lower)) {
    throw invalidParamsError(`Expected 0x-prefixed, unpadded, non-zero hexadecimal string 'chainId'. Received:\n${show(chainId)}`);
  }
  if (lower.length > 18 || Number.parseInt(lower, 16) > MAX_SAFE_CHAIN_ID) {
    throw invalidParamsError(`Invalid chain ID "${lower}": numerical value greater than max safe value. Received:\n${show(chainId)}`);
  }
  return lower;
}

/**
 * The single object parameter of a wallet method (`[{…}]`). Throws MetaMask's
 * "Expected single, object parameter" for anything else.
 */
export function singleObjectParam(params: unknown): Record<string, unknown> {
  if (!Array.isArray(params) || params.length !== 1 || !isPlainObject(params[0])) {
    throw invalidParamsError(`Expected single, object parameter. Received:\n${show(params)}`);
  }
  return params[0];
}

function validateChainName(chainName: unknown): string {
  if (typeof chainName !== 'string' || chainName.trim() === '')
    throw invalidParamsError(`Expected non-empty string 'chainName'. Received:\n${show(chainName)}`);
  return chainName.length > MAX_CHAIN_NAME_LENGTH ? chainName.slice(0, MAX_CHAIN_NAME_LENGTH) : chainName;
}

function validateNativeCurrency(currency: unknown): ChainData['nativeCurrency'] {
  if (!isPlainObject(currency)) {
    throw invalidParamsError(`Expected an object 'nativeCurrency' with 'name', 'symbol' and 'decimals'. Received:\n${show(currency)}`);
  }
  const unknownKeys = Object.keys(currency).filter((key) => !(NATIVE_CURRENCY_KEYS as readonly string[]).includes(key));
  if (unknownKeys.length > 0) throw invalidParamsError(`Received unexpected keys on 'nativeCurrency'. Unsupported keys:\n${unknownKeys.join(', ')}`);
  const { name, symbol, decimals } = currency;
  if (typeof name !== 'string' || name.trim() === '') throw invalidParamsError(`Expected a non-empty string 'nativeCurrency.name'. Received: ${show(name)}`);
  if (typeof symbol !== 'string') throw invalidParamsError(`Expected a string 'nativeCurrency.symbol'. Received: ${show(symbol)}`);
  if (symbol.length < 1 || symbol.length > 6) throw invalidParamsError(`Expected 1-6 character string 'nativeCurrency.symbol'. Received:\n${symbol}`);
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    // JSON, so a string "18" reads differently from the number 18.
    throw invalidParamsError(`Expected an integer from 0 to 255 'nativeCurrency.decimals'. Received: ${JSON.stringify(decimals) ?? 'undefined'}`);
  }
  return { name, symbol, decimals };
}

/**
 * A list of URLs. `rpcUrls` is required and non-empty (MetaMask's message); the optional lists
 * may be absent or null (→ empty) but, when given, must be a non-empty array. Every entry must
 * pass {@link checkUrl}; duplicates are dropped.
 */
function validateUrlList(
  value: unknown,
  field: 'rpcUrls' | 'blockExplorerUrls' | 'iconUrls',
  options: ChainDataValidationOptions,
  required: boolean,
): string[] {
  if (!required && (value === undefined || value === null)) return [];
  if (!Array.isArray(value) || value.length === 0) {
    if (field === 'rpcUrls') throw invalidParamsError(`Expected an array with at least one valid string HTTPS url 'rpcUrls', Received:\n${show(value)}`);
    if (field === 'blockExplorerUrls')
      throw invalidParamsError(`Expected null or array with at least one valid string HTTPS URL 'blockExplorerUrl'. Received: ${show(value)}`);
    throw invalidParamsError(`Expected null or array with at least one valid string HTTPS URL 'iconUrls'. Received: ${show(value)}`);
  }
  const urls: string[] = [];
  for (const entry of value) {
    const check = checkUrl(entry, options);
    if (!check.ok) throw invalidParamsError(`Invalid URL in '${field}': ${check.reason}`);
    if (!urls.includes(check.url)) urls.push(check.url);
  }
  return urls;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A received value as it appears in a message: strings as they are, anything else as JSON. */
function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
