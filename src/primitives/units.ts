/** One gwei in wei. */
export const GWEI = 1_000_000_000n;
/** One ether in wei. */
export const ETHER = 10n ** 18n;
