/**
 * `eth_sendTransaction`: fills what the dApp left out (nonce and gas estimate at `pending`, so
 * back-to-back sends work on a pre-confirming chain; EIP-1559 fees from the pending base fee),
 * asks the user, signs with the active network's *approved* chain id (never one an RPC reports
 * later) and submits with `eth_sendRawTransaction` to the active network's RPC.
 */
import { ProviderErrorCode, ProviderRpcError, userRejectedError } from '../shared/providerErrors.js';
import type { WalletAccount } from './AccountStore.js';
import { formatAmount } from './formatAmount.js';
import type { TransactionRequest } from './transactionRequest.js';
import type { WalletContext } from './WalletContext.js';

const ONE_GWEI = 1_000_000_000n;

/** Options of {@link sendTransaction}. */
export interface SendOptions {
  /** Ask the user first (true for requests from the page; the wallet's own Send form has already asked). */
  confirm: boolean;
}

/** Fills, confirms, signs and submits; resolves with the transaction hash. */
export async function sendTransaction(context: WalletContext, request: TransactionRequest, options: SendOptions): Promise<`0x${string}`> {
  const network = context.activeNetwork();
  const account = signerFor(context, request.from);
  const filled = await fill(context, account, request);
  if (options.confirm) {
    const approved = await context.approver.ask({
      title: 'Send transaction?',
      origin: context.origin,
      rows: [
        { label: 'Network', value: `${network.chainName} (chain ID ${BigInt(network.chainId)})` },
        { label: 'From', value: account.address },
        { label: 'To', value: filled.to ?? 'new contract' },
        { label: 'Value', value: formatAmount(filled.value ?? 0n, network) },
        { label: 'Max fee', value: formatAmount((filled.maxFeePerGas ?? filled.gasPrice ?? 0n) * filled.gas, network) },
      ],
      warnings: [],
    });
    if (!approved) throw userRejectedError();
  }
  const chainId = Number(BigInt(network.chainId));
  const common = { chainId, to: filled.to, value: filled.value, data: filled.data, nonce: Number(filled.nonce), gas: filled.gas };
  let signed: `0x${string}`;
  if (filled.gasPrice === undefined) {
    const fees = { maxFeePerGas: filled.maxFeePerGas!, maxPriorityFeePerGas: filled.maxPriorityFeePerGas! };
    signed = await account.signer.signTransaction({ ...common, ...fees, type: 'eip1559', accessList: filled.accessList });
  } else if (filled.accessList) {
    signed = await account.signer.signTransaction({ ...common, type: 'eip2930', gasPrice: filled.gasPrice, accessList: filled.accessList });
  } else {
    signed = await account.signer.signTransaction({ ...common, type: 'legacy', gasPrice: filled.gasPrice });
  }
  return context.activeRpc<`0x${string}`>('eth_sendRawTransaction', [signed]);
}

/** The account for `from` (default: the selected one); 4100 if the wallet does not hold it. */
export function signerFor(context: WalletContext, from: string | undefined): WalletAccount {
  const account = from === undefined ? context.accounts.selected() : context.accounts.find(from);
  if (!account) throw new ProviderRpcError(ProviderErrorCode.unauthorized, 'The requested account and/or method has not been authorized by the user.');
  return account;
}

type Filled = TransactionRequest & { nonce: bigint; gas: bigint };

async function fill(context: WalletContext, account: WalletAccount, request: TransactionRequest): Promise<Filled> {
  const call = { from: account.address, to: request.to, value: hex(request.value), data: request.data, accessList: request.accessList };
  const [nonce, gas, feeFields] = await Promise.all([
    request.nonce ?? context.activeRpc<string>('eth_getTransactionCount', [account.address, 'pending']).then(BigInt),
    request.gas ?? context.activeRpc<string>('eth_estimateGas', [call, 'pending']).then(BigInt),
    chooseFees(context, request),
  ]);
  return { ...request, ...feeFields, nonce, gas };
}

/** Legacy when the dApp gave gasPrice (or the chain has no base fee), else EIP-1559. */
async function chooseFees(
  context: WalletContext,
  request: TransactionRequest,
): Promise<Pick<TransactionRequest, 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>> {
  if (request.gasPrice !== undefined) return { gasPrice: request.gasPrice };
  const block = await context.activeRpc<{ baseFeePerGas?: string } | null>('eth_getBlockByNumber', ['pending', false]);
  if (!block?.baseFeePerGas) return { gasPrice: BigInt(await context.activeRpc<string>('eth_gasPrice')) };
  let tip = request.maxPriorityFeePerGas;
  tip ??= await context.activeRpc<string>('eth_maxPriorityFeePerGas').then(BigInt, () => ONE_GWEI);
  // Twice the base fee survives six full blocks of +12.5% before the tx stops being includable.
  const maxFee = request.maxFeePerGas ?? BigInt(block.baseFeePerGas) * 2n + tip;
  return { maxFeePerGas: maxFee, maxPriorityFeePerGas: tip > maxFee ? maxFee : tip };
}

function hex(value: bigint | undefined): string | undefined {
  return value === undefined ? undefined : `0x${value.toString(16)}`;
}
