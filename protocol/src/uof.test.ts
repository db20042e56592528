import { describe, expect, it } from 'vitest';
import { buildUofRoutingKey, parseUofRoutingKey } from './uof';

describe('UOF routing keys', () => {
  it('reads an event message key and a system one', () => {
    expect(parseUofRoutingKey('hi.-.live.odds_change.1.sr:match.10927088.-')).toEqual({
      priority: 'hi',
      prematch: false,
      live: true,
      messageType: 'odds_change',
      sportId: 1,
      urnType: 'sr:match',
      eventId: 10927088,
      nodeId: null,
    });
    expect(parseUofRoutingKey('-.-.-.alive.-.-.-.-')).toEqual({
      priority: null,
      prematch: false,
      live: false,
      messageType: 'alive',
      sportId: null,
      urnType: null,
      eventId: null,
      nodeId: null,
    });
    expect(parseUofRoutingKey('lo.pre.-.fixture_change.1.sr:match.8816128.42')).toMatchObject({ prematch: true, nodeId: 42 });
  });

  it('builds what it reads', () => {
    for (const key of ['hi.-.live.odds_change.1.sr:match.10927088.-', '-.-.-.snapshot_complete.-.-.-.-', 'lo.pre.-.bet_settlement.1.sr:match.9.7']) {
      expect(buildUofRoutingKey(parseUofRoutingKey(key)!)).toBe(key);
    }
  });

  it.each(['feed.1.1.208', 'hi.-.live.odds_change.1.sr:match.x.-', 'xx.-.live.odds_change.1.sr:match.1.-', 'hi.-.live.odds_change.1.sr:match.1'])(
    'refuses %s',
    (key) => {
      expect(parseUofRoutingKey(key)).toBeNull();
    },
  );
});
