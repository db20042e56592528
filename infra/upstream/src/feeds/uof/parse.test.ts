import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFixture } from './fixture-api';
import { parseUof, UofParseError } from './parse';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url));

describe('parseUof', () => {
  it('reads an odds_change: event, status, clock, markets with specifiers and outcomes', () => {
    const message = parseUof(fixture('odds_change'));
    expect(message.type).toBe('odds_change');
    if (message.type !== 'odds_change') return;
    expect(message).toMatchObject({ product: 1, eventId: 'sr:match:10927088', timestamp: 1487254396715, requestId: null });
    expect(message.status).toEqual({ status: 1, matchStatus: 6, home: 0, away: 2, clockS: 27 * 60 + 33 });
    expect(message.markets).toHaveLength(6);
    expect(message.markets[1]).toEqual({
      id: 18,
      specifiers: { total: '2.5' },
      specifierText: 'total=2.5',
      status: 1,
      outcomes: [
        { id: '12', odds: '1.14', active: true },
        { id: '13', odds: '5.6', active: true },
      ],
    });
    expect(message.markets[2]!.outcomes[1]).toEqual({ id: '13', odds: null, active: false });
    expect(message.markets[5]).toMatchObject({ id: 18, status: -3, outcomes: [] });
  });

  it('reads bet_stop, bet_settlement, fixture_change, alive, snapshot_complete and product_down', () => {
    expect(parseUof(fixture('bet_stop'))).toEqual({
      type: 'bet_stop',
      product: 1,
      eventId: 'sr:match:10927088',
      timestamp: 1487254400000,
      requestId: null,
      groups: ['all'],
      marketStatus: null,
    });
    const settlement = parseUof(fixture('bet_settlement'));
    expect(settlement.type === 'bet_settlement' && settlement.markets.map((m) => [m.id, m.specifierText, m.outcomes.length])).toEqual([
      [1, '', 3],
      [18, 'total=2.5', 2],
      [213, 'setnr=3|gamenr=3', 1],
    ]);
    expect(parseUof(fixture('fixture_change'))).toMatchObject({
      type: 'fixture_change',
      product: 3,
      eventId: 'sr:match:8816128',
      startTime: 1466436600000,
      changeType: 2,
    });
    expect(parseUof(fixture('alive'))).toEqual({ type: 'alive', product: 1, timestamp: 1465848166722, requestId: null, subscribed: true });
    expect(parseUof(fixture('alive_unsubscribed'))).toMatchObject({ type: 'alive', subscribed: false });
    expect(parseUof(fixture('snapshot_complete'))).toEqual({ type: 'snapshot_complete', product: 1, timestamp: 1475958139957, requestId: 7 });
    expect(parseUof(fixture('product_down'))).toEqual({ type: 'product_down', product: 1, timestamp: 1465848166722, requestId: null });
  });

  it('accepts a byte-order mark and no declaration', () => {
    expect(parseUof('\uFEFF<alive product="3" timestamp="1" subscribed="1"/>')).toMatchObject({ type: 'alive', product: 3 });
  });

  it.each([
    ['<odds_change product="1" event_id="sr:match:1"', 'not well-formed XML'],
    ['<hello/>', 'not a UOF message: root element <hello>'],
    ['<alive timestamp="1"/>', 'alive: attribute product is missing'],
    ['<odds_change product="1" timestamp="1" event_id="10927088"/>', 'is not an event URN'],
    [
      '<odds_change product="1" timestamp="1" event_id="sr:match:1"><odds><market id="1"><outcome id="1" odds="abc"/></market></odds></odds_change>',
      'odds="abc" is not decimal odds',
    ],
    [
      '<odds_change product="1" timestamp="1" event_id="sr:match:1"><odds><market id="18" specifiers="total"/></odds></odds_change>',
      "specifier 'total' is not name=value",
    ],
    ['<snapshot_complete product="1" timestamp="1"/>', 'request_id is missing'],
  ])('refuses %s with a reason', (xml, reason) => {
    expect(() => parseUof(xml)).toThrow(UofParseError);
    expect(() => parseUof(xml)).toThrow(reason);
  });
});

describe('parseFixture', () => {
  it('reads the home and away competitors and the start time of a fixture document', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><fixtures_fixture generated_at="2016-10-31T10:00:00+00:00"><fixture start_time_confirmed="true" start_time="2016-10-31T18:00:00+00:00" liveodds="booked" status="not_started" id="sr:match:9536715" scheduled="2016-10-31T18:00:00+00:00"><tournament_round type="group" number="11"/><competitors><competitor qualifier="home" id="sr:competitor:3" name="Aston Villa &amp; Co"/><competitor qualifier="away" id="sr:competitor:9" name="Wigan"/></competitors></fixture></fixtures_fixture>';
    expect(parseFixture(xml)).toEqual({ home: 'Aston Villa & Co', away: 'Wigan', startTime: Date.parse('2016-10-31T18:00:00Z') });
    expect(parseFixture('<fixtures_fixture><fixture id="sr:match:1"/></fixtures_fixture>')).toEqual({ home: null, away: null, startTime: null });
    expect(() => parseFixture('<fixtures_fixture><fixture')).toThrow('not well-formed');
  });
});
