#!/usr/bin/env node
// Entry point for `npx sequin` / `npm start`: runs the compiled CLI (built by `npm ci` via `prepare`).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
