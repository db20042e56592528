import { describe, expect, it } from 'vitest';
import { readEnvironment } from '@odds/ops';
import { retryAfterMs, SyncApi } from './api';
import { toWrite } from './apply';
import { DEFAULT_RATES, parseRates, syncSettings } from './settings';
import { parseFixtureEvent, parseSchedule } from './sports-api';

describe('the catalog sync, piece by piece', () => {
  it('writes only the fields that differ, never one an operator owns', () => {
    const current = { name: 'Brazil', shortName: 'BRA', country: 'Brazil', start: new Date('2022-12-09T15:00:00Z') };
    expect(toWrite(current, { name: 'Brazil', shortName: 'BRA', start: new Date('2022-12-09T15:00:00Z') }, [])).toEqual({});
    expect(toWrite(current, { name: 'Brasil', shortName: 'BRZ', start: new Date('2022-12-09T17:00:00Z') }, ['short_name'])).toEqual({
      name: 'Brasil',
      start: new Date('2022-12-09T17:00:00Z'),
    });
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-12-02T03:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Wed, 02 Dec 2026 03:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('spaces the calls of one endpoint by its rate, and no other endpoint by it', async () => {
    const api = new SyncApi({
      call: async () => ({ status: 200, ok: true, text: '<x/>' }),
      ratesPerMinute: { ...DEFAULT_RATES, schedule: 600, fixture: 6000 },
    });
    const count = { calls: 0, throttled: 0 };
    const started = Date.now();
    for (let i = 0; i < 3; i += 1) await api.get('schedule', '/s', count);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const other = Date.now();
    await api.get('fixture', '/f', count);
    expect(Date.now() - other).toBeLessThan(100);
    expect(count).toEqual({ calls: 4, throttled: 0 });
  });

  it('gives up on a 4xx at once, and answers null for a 404', async () => {
    let calls = 0;
    const api = new SyncApi({
      call: async (path) => {
        calls += 1;
        return path === '/missing'
          ? { status: 404, ok: false, text: '' }
          : { status: 403, ok: false, text: '<response><message>Access forbidden</message></response>' };
      },
      ratesPerMinute: { ...DEFAULT_RATES, schedule: 6000 },
    });
    const count = { calls: 0, throttled: 0 };
    expect(await api.get('schedule', '/missing', count)).toBeNull();
    await expect(api.get('schedule', '/forbidden', count)).rejects.toThrow('/forbidden answered 403 Access forbidden');
    expect(calls).toBe(2);
  });

  it('reads its settings, refusing what makes no sense', () => {
    const sync = (env: NodeJS.ProcessEnv) => syncSettings(readEnvironment('api', env));
    expect(sync({})).toBeNull();
    expect(sync({ UOF_API_URL: 'http://127.0.0.1:8090', UOF_SYNC: 'off' })).toBeNull();
    expect(sync({ UOF_API_URL: 'http://127.0.0.1:8090' })).toMatchObject({
      horizonDays: 7,
      startDate: null,
      scheduleEveryS: 86_400,
      liveEveryS: 300,
      leaseS: 60,
    });
    expect(parseRates('schedule=10, live=1')).toEqual({ ...DEFAULT_RATES, schedule: 10, live: 1 });
    expect(() => parseRates('summary=10')).toThrow("'summary' is not one of schedule, live, fixture, tournament");
    expect(() => parseRates('schedule=0')).toThrow('schedule must be requests per minute above 0');
    expect(() => sync({ UOF_API_URL: 'http://x', UOF_SYNC_HORIZON_DAYS: '90' })).toThrow('UOF_SYNC_HORIZON_DAYS must be a whole number from 1 to 60');
    expect(() => sync({ UOF_API_URL: 'http://x', UOF_SYNC_START_DATE: '2022-13-45' })).toThrow('UOF_SYNC_START_DATE');
  });

  it('reads a schedule, listing an entry that is no match with why', () => {
    const xml = `<?xml version="1.0"?><schedule xmlns="http://schemas.sportradar.com/sportsapi/v1/unified">
      <sport_event id="sr:match:1" scheduled="2026-12-05T15:00:00+00:00" status="postponed">
        <tournament_round type="group" number="3" group="B"/>
        <season id="sr:season:9" name="Liga 26/27" start_date="2026-08-01" end_date="2027-05-30"/>
        <tournament id="sr:tournament:8" name="LaLiga"><sport id="sr:sport:1" name="Soccer"/><category id="sr:category:32" name="Spain"/></tournament>
        <competitors><competitor id="sr:competitor:2829" name="Real Madrid" abbreviation="RMA" country="Spain" qualifier="home"/>
          <competitor id="sr:competitor:2817" name="Barcelona" abbreviation="FCB" country="Spain" qualifier="away"/></competitors>
        <venue id="sr:venue:1" name="Bernabéu" city_name="Madrid"/>
      </sport_event>
      <sport_event id="sr:stage:7" scheduled="2026-12-05T15:00:00+00:00">
        <tournament id="sr:tournament:9" name="Outright"><sport id="sr:sport:1" name="Soccer"/></tournament>
      </sport_event></schedule>`;
    const { events, unreadable } = parseSchedule(xml);
    expect(events).toEqual([
      {
        id: 'sr:match:1',
        scheduled: Date.parse('2026-12-05T15:00:00Z'),
        status: 'postponed',
        tournament: { id: 'sr:tournament:8', name: 'LaLiga', sport: { id: 'sr:sport:1', name: 'Soccer' }, category: { id: 'sr:category:32', name: 'Spain' } },
        season: { id: 'sr:season:9', name: 'Liga 26/27', startDate: '2026-08-01', endDate: '2027-05-30' },
        round: 'Group B · round 3',
        home: { id: 'sr:competitor:2829', name: 'Real Madrid', abbreviation: 'RMA', country: 'Spain' },
        away: { id: 'sr:competitor:2817', name: 'Barcelona', abbreviation: 'FCB', country: 'Spain' },
        venue: 'Bernabéu, Madrid',
      },
    ]);
    expect(unreadable).toEqual([{ ref: 'sr:stage:7', reason: 'not a match: no home competitor' }]);
    expect(() => parseFixtureEvent('<fixtures_fixture><fixture id="sr:match:2"/></fixtures_fixture>')).toThrow('sr:match:2: no start time');
    expect(() => parseSchedule('<schedule><sport_event')).toThrow('not well-formed XML');
  });
});
