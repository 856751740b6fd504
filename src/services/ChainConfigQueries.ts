/**
 * eth_config (EIP-7910): the chain's current, next and last fork as geth describes them
 * (config/forkConfigurations.ts), at the head of one {@link ChainView}, in the method's JSON shape.
 * The fork hashes start from the genesis block the chain holds; a forked chain (`--fork-url`) does not
 * hold the remote's genesis and answers -32000 `header not found`.
 */
import type { ChainSpec } from '../config/ChainSpec.js';
import { type ForkConfiguration, forkConfigurations } from '../config/forkConfigurations.js';
import type { ScheduledCommon } from '../config/ScheduledCommon.js';
import { NotFoundError } from '../errors/NotFoundError.js';
import { bytesToHex, type Hex, hexToBytes, toQuantity } from '../primitives/hex.js';
import type { ViewSource } from '../sequencer/ChainViews.js';

/** What {@link ChainConfigQueries} reads. */
export interface ChainConfigParts {
  views: ViewSource;
  common: ScheduledCommon;
  /** The geth genesis file's spec; undefined for Sequin's own chain. */
  spec: ChainSpec | undefined;
  chainId: bigint;
}

/** One fork as EIP-7910 prints it: numbers for time and blob parameters, hex for the rest. */
export interface RpcForkConfig {
  activationTime: number;
  blobSchedule: { target: number; max: number; baseFeeUpdateFraction: number } | null;
  chainId: Hex;
  forkId: Hex;
  precompiles: Record<string, string>;
  systemContracts: Record<string, string>;
}

/** eth_config's answer: the current, next and last fork, each null when there is none. */
export interface RpcChainConfig {
  current: RpcForkConfig | null;
  next: RpcForkConfig | null;
  last: RpcForkConfig | null;
}

/** `GET /chain/rules`: the head's fork and the limits it sets (null where it sets none or a flag lifts them). */
export interface ChainRules {
  hardfork: string;
  forkSchedule: 'one fork from genesis (--hardfork)' | 'the genesis file';
  codeSizeLimit: number | null;
  initCodeSizeLimit: number | null;
  transactionGasLimit: number | null;
}

export class ChainConfigQueries {
  constructor(private readonly parts: ChainConfigParts) {}

  /** `{ current, next, last }`, each a fork's configuration or null. */
  config(): RpcChainConfig {
    const view = this.parts.views.current();
    const genesis = view.block(0);
    if (genesis === undefined) throw new NotFoundError({ kind: 'header' });
    const forks = forkConfigurations(
      { common: this.parts.common, spec: this.parts.spec, genesis: { hash: hexToBytes(genesis.hash), timestamp: BigInt(genesis.timestamp) } },
      BigInt(view.head.timestamp),
    );
    return { current: this.shape(forks.current), next: this.shape(forks.next), last: this.shape(forks.last) };
  }

  /**
   * The rules the head runs under, for `GET /chain/rules`: the fork (@ethereumjs's name), where the
   * forks come from, and the limits that fork sets: EIP-170's code size and EIP-3860's init code
   * size (null when `--disable-code-size-limit` lifts them, or the fork has none) and EIP-7825's
   * transaction gas limit (null before Osaka).
   */
  rules(): ChainRules {
    const head = this.parts.views.current().head;
    const rules = this.parts.common.at({ number: BigInt(head.number), timestamp: BigInt(head.timestamp), difficulty: BigInt(head.difficulty) });
    const limit = (active: boolean, name: string) => {
      if (!active) return null;
      const value = rules.param(name);
      return value >= BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
    };
    return {
      hardfork: rules.hardfork(),
      forkSchedule: this.parts.spec === undefined ? 'one fork from genesis (--hardfork)' : 'the genesis file',
      // EIP-170 came with Spurious Dragon; ethereumjs lists it among that fork's parameters, not its EIPs.
      codeSizeLimit: limit(rules.gteHardfork('spuriousDragon'), 'maxCodeSize'),
      initCodeSizeLimit: limit(rules.isActivatedEIP(3860), 'maxInitCodeSize'),
      transactionGasLimit: limit(rules.isActivatedEIP(7825), 'maxTransactionGasLimit'),
    };
  }

  private shape(fork: ForkConfiguration | undefined): RpcForkConfig | null {
    if (fork === undefined) return null;
    const { blobSchedule } = fork;
    return {
      activationTime: Number(fork.activationTime),
      blobSchedule:
        blobSchedule === undefined
          ? null
          : { target: blobSchedule.target, max: blobSchedule.max, baseFeeUpdateFraction: Number(blobSchedule.baseFeeUpdateFraction) },
      chainId: toQuantity(this.parts.chainId),
      forkId: bytesToHex(fork.forkHash),
      precompiles: Object.fromEntries([...fork.precompiles].sort(([a], [b]) => (a < b ? -1 : 1))),
      systemContracts: Object.fromEntries([...fork.systemContracts].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
  }
}
