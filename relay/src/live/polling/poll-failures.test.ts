import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NoCredentials } from './credentials';
import { PollFailures } from './poll-failures';

/** A logger that keeps what was logged: level, fields, message. */
function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  const log = { warn: at('warn'), info: at('info'), debug: at('debug'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines, above: (level: string) => lines.filter((line) => line.level !== 'debug' || level === 'debug') };
}

describe('poll failures of a match', () => {
  it('log one line when polls start failing for want of a token and one when they succeed again, without a stack', () => {
    const { log, lines, above } = recorder();
    const failures = new PollFailures(12, log);
    for (let second = 0; second < 30; second++) {
      for (const topic of ['feed', 'offers', 'deliveries']) failures.failed(topic, new NoCredentials('no valid token among the watchers of match 12'));
    }
    // One topic answering while the others still fail does not end it.
    failures.succeeded('offers');
    failures.succeeded('offers');
    expect(lines.filter((line) => line.level === 'info')).toEqual([]);
    failures.succeeded('feed');
    failures.succeeded('deliveries');
    failures.succeeded('feed');
    expect(above('info').map(({ level, message }) => [level, message])).toEqual([
      ['warn', 'polls of match 12 failing: NoCredentials: no valid token among the watchers of match 12'],
      ['info', 'polls succeed again (match 12, after 90 failed polls: NoCredentials: no valid token among the watchers of match 12)'],
    ]);
    expect(lines.filter((line) => line.level === 'debug')).toHaveLength(89);
    expect(lines.some((line) => 'err' in line.fields)).toBe(false);
  });

  it('say when the reason changes, keep the stack of an unexpected error, and close the episode when the pollers stop', () => {
    const { log, above } = recorder();
    const failures = new PollFailures(7, log);
    failures.failed('feed', Object.assign(new Error('upstream answered 503'), { status: 503 }));
    const bug = new TypeError('cannot read properties of undefined');
    failures.failed('feed', bug);
    failures.stopped();
    failures.stopped();
    expect(above('info').map(({ level, message, fields }) => [level, message, fields.err])).toEqual([
      ['warn', 'polls of match 7 failing: Error: upstream answered 503', undefined],
      ['warn', 'polls of match 7 now failing: TypeError: cannot read properties of undefined', bug],
      ['info', 'pollers stopped while failing (match 7, after 2 failed polls: TypeError: cannot read properties of undefined)', undefined],
    ]);
  });
});
