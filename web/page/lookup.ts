/**
 * Lookup by transaction hash, block (number, hash, or tag) or address, shown as a field list.
 * The explorer paths /tx/…, /block/…, /address/… open the page on that lookup; links inside the
 * page update the address bar without reloading (so the live feed keeps running).
 */
import { element as el } from '../shared/element.js';
import { decimal, formatEther, formatGwei, isSealedBlockHash, lookupLink, time } from './format.js';
import { pageRpc } from './pageRpc.js';

type Rows = Array<[label: string, value: string | Node]>;

/** What a query asks for. */
export type LookupQuery =
  | { kind: 'tx' | 'blockHash'; id: string }
  | { kind: 'block'; id: string }
  | { kind: 'address'; id: string }
  | { kind: 'invalid'; id: string };

/** Classifies user input: 32-byte hex → tx (then block) hash, 20-byte hex → address, number or tag → block. */
export function parseQuery(input: string): LookupQuery {
  const id = input.trim();
  if (/^0x[0-9a-fA-F]{64}$/.test(id)) return { kind: 'tx', id };
  if (/^0x[0-9a-fA-F]{40}$/.test(id)) return { kind: 'address', id };
  if (/^\d+$/.test(id)) return { kind: 'block', id: `0x${BigInt(id).toString(16)}` };
  if (/^0x[0-9a-fA-F]{1,16}$/.test(id) || ['latest', 'pending', 'earliest', 'safe', 'finalized'].includes(id)) return { kind: 'block', id };
  return { kind: 'invalid', id };
}

/** Runs a lookup and renders it into #lookup-result. */
export async function runLookup(input: string): Promise<void> {
  const result = document.getElementById('lookup-result')!;
  (document.getElementById('lookup-query') as HTMLInputElement).value = input;
  result.replaceChildren(el('p', { class: 'muted' }, 'looking up…'));
  try {
    const query = parseQuery(input);
    const [title, rows] = await lookUp(query);
    const list = el('dl');
    for (const [label, value] of rows) list.append(el('dt', {}, label), el('dd', { class: 'mono' }, value));
    result.replaceChildren(el('h3', {}, title), list);
  } catch (error) {
    result.replaceChildren(el('p', { class: 'error' }, (error as Error).message));
  }
}

async function lookUp(query: LookupQuery): Promise<[string, Rows]> {
  switch (query.kind) {
    case 'invalid':
      throw new Error(`"${query.id}" is not a transaction hash (0x + 64 hex digits), a block number or an address (0x + 40 hex digits)`);
    case 'address':
      return ['Address', await addressRows(query.id)];
    case 'block':
      return blockRows('eth_getBlockByNumber', query.id);
    case 'blockHash':
      return blockRows('eth_getBlockByHash', query.id);
    case 'tx': {
      const tx = await pageRpc<Record<string, string> | null>('eth_getTransactionByHash', [query.id]);
      if (tx) return ['Transaction', await transactionRows(tx)];
      return blockRows('eth_getBlockByHash', query.id, `No transaction or block with hash ${query.id}`);
    }
  }
}

async function transactionRows(tx: Record<string, string>): Promise<Rows> {
  const receipt = await pageRpc<Record<string, string> | null>('eth_getTransactionReceipt', [tx.hash]);
  const sealed = isSealedBlockHash(tx.blockHash);
  const state =
    receipt === null
      ? 'pending in the pool'
      : sealed
        ? `sealed in block #${decimal(tx.blockNumber)}`
        : `pre-confirmed in open block #${decimal(tx.blockNumber)}`;
  const rows: Rows = [
    ['Hash', tx.hash!],
    ['State', state],
    ['From', lookupLink('address', tx.from!, tx.from)],
    ['To', tx.to ? lookupLink('address', tx.to, tx.to) : 'contract creation'],
    ['Value', formatEther(tx.value!)],
    ['Nonce', decimal(tx.nonce)],
    ['Type', decimal(tx.type)],
  ];
  if (receipt) {
    rows.push(
      ['Status', receipt.status === '0x1' ? 'success' : 'reverted'],
      ['Gas used', decimal(receipt.gasUsed)],
      ['Effective gas price', formatGwei(receipt.effectiveGasPrice!)],
    );
    if (tx.blockNumber)
      rows.push(['Block', lookupLink('block', decimal(tx.blockNumber), `#${decimal(tx.blockNumber)}`)], ['Index in block', decimal(tx.transactionIndex)]);
    if (receipt.contractAddress) rows.push(['Contract created', lookupLink('address', receipt.contractAddress, receipt.contractAddress)]);
  }
  return rows;
}

async function blockRows(method: string, id: string, notFound = `No block ${id}`): Promise<[string, Rows]> {
  const block = await pageRpc<Record<string, unknown> | null>(method, [id, false]);
  if (!block) throw new Error(notFound);
  const transactions = block.transactions as string[];
  const sealed = isSealedBlockHash(block.hash as string | null);
  const list = el('ol', { class: 'hashes' });
  for (const hash of transactions) list.append(el('li', {}, lookupLink('tx', hash, hash)));
  const rows: Rows = [
    ['Number', decimal(block.number as string)],
    ['Hash', sealed ? (block.hash as string) : 'not sealed yet (open block)'],
    ['Parent', (block.parentHash as string) ?? '—'],
    ['Time', time(block.timestamp as string)],
    ['Gas used', `${decimal(block.gasUsed as string)} of ${decimal(block.gasLimit as string)}`],
    ['Base fee', block.baseFeePerGas ? formatGwei(block.baseFeePerGas as string) : '—'],
    ['Transactions', transactions.length === 0 ? 'none' : list],
  ];
  // The open block's nonce is its latest sub-block's index (OP's flashblocks shape).
  if (!sealed) rows.splice(2, 0, ['Sub-blocks so far', String(BigInt(block.nonce as string) + 1n)]);
  return [sealed ? `Block #${decimal(block.number as string)}` : `Open block #${decimal(block.number as string)} (pre-confirmed so far)`, rows];
}

async function addressRows(address: string): Promise<Rows> {
  const [latest, pending, nonce, code] = await Promise.all([
    pageRpc<string>('eth_getBalance', [address, 'latest']),
    pageRpc<string>('eth_getBalance', [address, 'pending']),
    pageRpc<string>('eth_getTransactionCount', [address, 'pending']),
    pageRpc<string>('eth_getCode', [address, 'pending']),
  ]);
  return [
    ['Address', address],
    ['Balance (pre-confirmed)', formatEther(pending)],
    ['Balance (last sealed block)', formatEther(latest)],
    ['Next nonce', decimal(nonce)],
    ['Code', code === '0x' ? 'none (externally owned account)' : `${(code.length - 2) / 2} bytes (contract)`],
  ];
}

/** The lookup named by an explorer path (/tx/…, /block/…, /address/…), if the page was opened on one. */
export function lookupFromPath(pathname: string): string | undefined {
  const match = /\/(tx|block|address)\/([^/]+)$/.exec(pathname);
  return match ? decodeURIComponent(match[2]!) : undefined;
}
