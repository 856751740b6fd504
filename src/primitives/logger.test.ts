import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function capture(level: Parameters<typeof createLogger>[0], format: 'json' | 'pretty') {
  const lines: string[] = [];
  return { lines, logger: createLogger(level, { format, write: (line) => lines.push(line) }) };
}

describe('createLogger', () => {
  it('writes one JSON object per line with level name, ISO time, message and fields', () => {
    const { lines, logger } = capture('info', 'json');
    logger.info('served', { method: 'eth_chainId', ms: 3, big: 10n ** 20n });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', msg: 'served', method: 'eth_chainId', ms: 3, pid: process.pid });
    expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // BigInts survive (pino writes them as numbers or strings, never throws).
    expect(String(entry.big)).toMatch(/^1e\+?20$|^100000000000000000000$/);
  });

  it('drops entries above the level, and everything when silent', () => {
    const info = capture('info', 'json');
    info.logger.debug('hidden');
    info.logger.warn('shown');
    expect(info.lines.map((line) => JSON.parse(line).msg)).toEqual(['shown']);
    const silent = capture('silent', 'json');
    silent.logger.error('hidden');
    expect(silent.lines).toEqual([]);
  });

  it('serializes an error field with its message and stack', () => {
    const { lines, logger } = capture('error', 'json');
    logger.error('tick failed', { error: new TypeError('boom') });
    const entry = JSON.parse(lines[0]!);
    expect(entry.error).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(entry.error.stack).toContain('TypeError: boom');
  });

  it('pretty mode prints the level, the message and the fields as text', () => {
    const { lines, logger } = capture('info', 'pretty');
    logger.info('resumed chain', { head: 12 });
    const text = lines.join('\n');
    expect(lines).toHaveLength(1);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: resumed chain \{"head":12\}$/);
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });
});
