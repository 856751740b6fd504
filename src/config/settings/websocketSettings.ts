import { wholeNumber } from '../settingKinds.js';

/** WebSocket limits (messages share --max-body-bytes as their size limit). */
export const WEBSOCKET_SETTINGS = {
  maxConnections: wholeNumber({
    name: 'ws-max-connections',
    default: 1000,
    min: 1,
    doc: 'open WebSocket connections in total; more → upgrade refused with HTTP 503',
  }),
  maxConnectionsPerIp: wholeNumber({
    name: 'ws-max-connections-per-ip',
    default: 100,
    min: 1,
    doc: 'open WebSocket connections from one client address; more → HTTP 429',
  }),
  maxSubscriptions: wholeNumber({ name: 'ws-max-subscriptions', default: 100, min: 1, doc: 'subscriptions on one connection; more → -32005' }),
  // At least 64 KiB so that one ordinary notification fits.
  maxBufferedBytes: wholeNumber({
    name: 'ws-max-buffered-bytes',
    unit: 'bytes',
    default: 16 * 1024 * 1024,
    min: 65_536,
    doc: 'bytes queued for a client that is not reading before it is dropped as a slow consumer (close 1008)',
  }),
  // The node's bound: --ws-max-buffered-bytes alone would let 1,000 connections hold 16 GiB.
  maxTotalBufferedBytes: wholeNumber({
    name: 'ws-max-total-buffered-bytes',
    unit: 'bytes',
    default: 256 * 1024 * 1024,
    min: 65_536,
    doc: 'bytes queued for all WebSocket clients together; past it the clients furthest behind are dropped as slow consumers (close 1008) until it fits',
  }),
  dedicatedShare: wholeNumber({
    name: 'ws-dedicated-share',
    unit: 'percent',
    default: 10,
    min: 0,
    max: 100,
    doc: 'share of `--ws-max-connections` only API-key clients may take: public clients are refused (HTTP 503) once the rest is in use',
  }),
  pingIntervalMs: wholeNumber({
    name: 'ws-ping-interval',
    unit: 'ms',
    default: 30_000,
    min: 0,
    doc: 'liveness ping interval; a client that misses a whole interval is cut; 0 disables',
  }),
};
