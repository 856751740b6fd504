/**
 * The EIP-1193 code of an error thrown by any wallet. Some wallets wrap the code a dApp needs:
 * MetaMask mobile answers an unknown chain with -32603 and the real 4902 in
 * `data.originalError.code`; ethers-style wrappers put the wallet's error in `error` or `cause`.
 */
export function walletErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { code?: unknown; data?: { originalError?: { code?: unknown } }; error?: unknown; cause?: unknown };
  const wrapped = candidate.data?.originalError?.code;
  if (typeof wrapped === 'number' && candidate.code === -32603) return wrapped;
  if (typeof candidate.code === 'number') return candidate.code;
  return walletErrorCode(candidate.error) ?? walletErrorCode(candidate.cause);
}

/** The message of any thrown value. */
export function walletErrorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message;
  return String(error);
}
