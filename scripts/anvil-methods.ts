/**
 * Writes test/fixtures/anvil/methods.json: every evm_*, anvil_* and hardhat_* method name Anvil
 * serves, read from the `#[serde(rename = …, alias = …)]` attributes of its request enum
 * (foundry-rs/foundry, crates/anvil/core/src/eth/mod.rs). Run with that file's path:
 *
 *   git -C <foundry checkout> show v1.7.1:crates/anvil/core/src/eth/mod.rs > /tmp/mod.rs
 *   node --import tsx scripts/anvil-methods.ts /tmp/mod.rs v1.7.1
 *
 * test/e2e/anvilSurface.test.ts calls each one the node serves and requires a reason for the others
 * (test/fixtures/anvil/notServed.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';

const [source, version] = process.argv.slice(2);
if (!source || !version) throw new Error('usage: anvil-methods.ts <path of crates/anvil/core/src/eth/mod.rs> <foundry version>');
const text = readFileSync(source, 'utf8');
const names = new Set<string>();
for (const match of text.matchAll(/(?:rename|alias) = "((?:evm|anvil|hardhat)_[A-Za-z0-9_]+)"/g)) names.add(match[1]!);
const methods = [...names].sort();
const fixture = { source: `foundry-rs/foundry ${version}, crates/anvil/core/src/eth/mod.rs`, methods };
writeFileSync(new URL('../test/fixtures/anvil/methods.json', import.meta.url), `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`${methods.length} methods written to test/fixtures/anvil/methods.json`);
