/** JSON-RPC from the page to the node that served it (same origin, POST to the node's root). */

let nextId = 1;

/** The node's root URL, from the `data-root` the server put on <body> ("./" or "../"). */
export function nodeRootUrl(): URL {
  return new URL(document.body.dataset.root ?? './', location.href);
}

/** One call; rejects with the node's error message. */
export async function pageRpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(nodeRootUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message} (${body.error.code})`);
  return body.result as T;
}
