#!/usr/bin/env node
// Entry point for `npx sequin` / `npm start`. Runs the single-file bundle of the CLI (built by
// `npm ci` via `prepare`): loading one file instead of hundreds of modules halves start-up.
import { main } from '../dist/bundle/sequin.js';

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
