/**
 * `npm run docs:methods`: writes docs/reference/methods.md, generated from the method definitions
 * and subscription kinds (src/rpc/docs/methodsPage.ts). src/rpc/docs/methodsPage.test.ts fails
 * until it has been run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { METHOD_DEFINITIONS } from '../src/rpc/allMethods.js';
import { METHODS_PAGE_PATH, methodsPage } from '../src/rpc/docs/methodsPage.js';
import { ALL_SUBSCRIPTIONS } from '../src/services/subscriptions/allSubscriptions.js';

const path = new URL(`../${METHODS_PAGE_PATH}`, import.meta.url);
const page = methodsPage(METHOD_DEFINITIONS, ALL_SUBSCRIPTIONS);
let current: string | undefined;
try {
  current = readFileSync(path, 'utf8');
} catch {
  current = undefined;
}
if (current === page) console.log(`${METHODS_PAGE_PATH}: already up to date`);
else {
  mkdirSync(new URL('.', path), { recursive: true });
  writeFileSync(path, page);
  console.log(`${METHODS_PAGE_PATH}: ${current === undefined ? 'written' : 'updated'}`);
}
