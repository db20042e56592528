import { describe, expect, it } from 'vitest';
import { FEEDS_DIR, kickOffOffset, parseFeed, readFeedFile, toMessage } from './jsonl';

const header = {
  offset_ms: 0,
  type: 'header',
  format: 'odds-feed/1',
  name: 'demo',
  match: { name: 'A - B', home: 'A', away: 'B' },
  source: 'test',
  markets: [],
};
const offer = (offset: number, id: string) => ({
  offset_ms: offset,
  type: 'offer',
  source_id: id,
  market: { type_id: 1, line: null },
  outcomes: [{ label: '1', line: null, odds: 2500 }],
  match_time: 60,
  prematch: false,
  score: 'H0-A0',
});
const lines = (...values: object[]) => values.map((v) => JSON.stringify(v)).join('\n');

describe('recorded feed (JSON Lines)', () => {
  it('reads the header and the messages with their offsets', () => {
    const feed = parseFeed(`${lines(header, offer(0, 'a'), offer(30_000, 'b'))}\n\n`);
    expect(feed.header.name).toBe('demo');
    expect(feed.messages.map((m) => [m.offset_ms, m.source_id])).toEqual([
      [0, 'a'],
      [30_000, 'b'],
    ]);
  });

  it('names the line of what is wrong', () => {
    expect(() => parseFeed(lines(offer(0, 'a')), 'f')).toThrow('f:1: the first line must be the header');
    expect(() => parseFeed(lines(header, offer(10, 'a'), offer(5, 'b')), 'f')).toThrow('f:3: offset_ms goes back (5 < 10)');
    expect(() => parseFeed(`${lines(header)}\n{nope`, 'f')).toThrow('f:2: not JSON');
    expect(() => parseFeed(lines(header, { ...offer(0, 'a'), outcomes: [] }), 'f')).toThrow(/^f:2: not a feed line/);
  });

  it('dates a message base + offset on the feed clock for the ingest call', () => {
    const base = Date.parse('2022-12-18T14:58:00Z');
    expect(toMessage(offer(120_000, 'a') as never, base)).toMatchObject({ source_id: 'a', sent_at: '2022-12-18T15:00:00.000Z' });
    expect('offset_ms' in toMessage(offer(0, 'a') as never, base)).toBe(false);
  });

  it('reads every shipped demo feed, each under 1 MB, kick-off two minutes in', () => {
    for (const name of [
      'argentina-france-2022-final',
      'netherlands-usa-2022-round-of-16',
      'england-france-2022-quarter-finals',
      'argentina-croatia-2022-semi-finals',
    ]) {
      const feed = readFeedFile(new URL(`${name}.jsonl`, FEEDS_DIR));
      expect(feed.header.name).toBe(name);
      expect(kickOffOffset(feed.messages)).toBe(120_000);
      expect(JSON.stringify(feed).length).toBeLessThan(1_000_000);
    }
  });
});
