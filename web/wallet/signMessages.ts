/**
 * `personal_sign` (EIP-191) and `eth_signTypedData_v4` (EIP-712), each after the user approves.
 */
import { hexToString, isHex } from 'viem';
import { invalidParamsError, userRejectedError } from '../shared/providerErrors.js';
import { signerFor } from './sendTransaction.js';
import type { WalletContext } from './WalletContext.js';

/** `personal_sign([message, address])`: message as 0x-hex bytes (or plain text, as MetaMask tolerates). */
export async function personalSign(context: WalletContext, params: unknown): Promise<`0x${string}`> {
  if (!Array.isArray(params) || typeof params[0] !== 'string' || typeof params[1] !== 'string') {
    throw invalidParamsError(`Expected [message, address]. Received: ${JSON.stringify(params)}`);
  }
  const [message, address] = params as [string, string];
  const account = signerFor(context, address);
  const text = isHex(message) ? safeText(message) : message;
  const approved = await context.approver.ask({
    title: 'Sign message?',
    origin: context.origin,
    rows: [
      { label: 'Account', value: account.address },
      { label: 'Message', value: text ?? message },
    ],
    warnings: [],
  });
  if (!approved) throw userRejectedError();
  return account.signer.signMessage({ message: isHex(message) ? { raw: message } : message });
}

/** `eth_signTypedData_v4([address, typedData])`: typed data as a JSON string or an object. */
export async function signTypedDataV4(context: WalletContext, params: unknown): Promise<`0x${string}`> {
  if (!Array.isArray(params) || typeof params[0] !== 'string' || params[1] === undefined) {
    throw invalidParamsError(`Expected [address, typedData]. Received: ${JSON.stringify(params)}`);
  }
  const account = signerFor(context, params[0]);
  let typedData: { domain?: object; types: Record<string, unknown>; primaryType: string; message: Record<string, unknown> };
  try {
    typedData = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1];
  } catch {
    throw invalidParamsError('Expected typed data as JSON');
  }
  const approved = await context.approver.ask({
    title: 'Sign typed data?',
    origin: context.origin,
    rows: [
      { label: 'Account', value: account.address },
      { label: 'Type', value: String(typedData.primaryType) },
      { label: 'Data', value: JSON.stringify(typedData.message) },
    ],
    warnings: [],
  });
  if (!approved) throw userRejectedError();
  // biome-ignore lint/suspicious/noExplicitAny: typed data is checked by viem while hashing
  return account.signer.signTypedData(typedData as any);
}

function safeText(hex: `0x${string}`): string | undefined {
  try {
    const text = hexToString(hex);
    return /^[\p{L}\p{N}\p{P}\p{Zs}\n\r\t]*$/u.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
