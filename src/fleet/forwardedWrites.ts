/**
 * Which JSON-RPC methods a node that does not sequence forwards to the fleet's sequencer: every
 * method that writes (submits a transaction, edits state, mines) or answers from the sequencer's
 * own pool, rather than from the chain views a follower shares.
 */
const FORWARDED_NAMES = new Set([
  'eth_sendRawTransaction',
  'eth_sendRawTransactionSync',
  'sequin_sendRawTransactionSync',
  'eth_sendTransaction',
  'eth_sendTransactionSync',
  'eth_sendUnsignedTransaction',
  // Both answer from the pool (pooled or pre-confirmed), which only the sequencer holds.
  'chain_transactionStatus',
  'base_transactionStatus',
]);
// sequin_'s reads (the sequencer key, pre-confirmations, commitments) are answered from the chain a follower shares.
const FORWARDED_PREFIXES = ['txpool_', 'anvil_', 'evm_', 'hardhat_', 'miner_'];

/** True when a follower forwards `method` to the sequencer. */
export function isForwardedWrite(method: string): boolean {
  return FORWARDED_NAMES.has(method) || FORWARDED_PREFIXES.some((prefix) => method.startsWith(prefix));
}
