import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalog, stateAt } from './catalog';

const catalog = buildCatalog();
const FEEDS = new URL('../../../../../feeds/uof/', import.meta.url);
const at = (iso: string) => Date.parse(iso);

describe('the stand-in catalog', () => {
  it('carries every recorded UOF feed’s event under its urn, with its teams and kick-off', () => {
    const files = readdirSync(FEEDS).filter((f) => f.endsWith('.uof.jsonl'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const header = JSON.parse(readFileSync(new URL(file, FEEDS), 'utf8').split('\n')[0]!) as {
        event: string;
        match: { home: string; away: string; kick_off: string };
      };
      const event = catalog.byEvent.get(header.event);
      expect(event, file).toBeDefined();
      expect([event!.home.name, event!.away.name, event!.start.toISOString()]).toEqual([header.match.home, header.match.away, header.match.kick_off]);
    }
  });

  it('has both cups, 128 events, one competitor per team', () => {
    expect(catalog.seasons.map((s) => [s.id, s.startDate, s.endDate])).toEqual([
      ['sr:season:2018', '2018-06-14', '2018-07-15'],
      ['sr:season:2022', '2022-11-20', '2022-12-18'],
    ]);
    expect(catalog.events).toHaveLength(128);
    expect(catalog.competitors.size).toBe(40);
  });

  it('follows a match on its clock: halves, break, extra time, penalties, the real goals', () => {
    const final = catalog.byEvent.get('sr:match:2022064')!;
    expect(stateAt(final, at('2022-12-18T14:59:00Z'))).toEqual({ status: 'not_started', matchStatusCode: 0, home: null, away: null });
    // Messi's penalty in the 23rd minute, Di María's goal in the 36th.
    expect(stateAt(final, at('2022-12-18T15:24:00Z'))).toMatchObject({ status: 'live', matchStatusCode: 6, home: 1, away: 0 });
    expect(stateAt(final, at('2022-12-18T15:55:00Z'))).toMatchObject({ status: 'live', matchStatusCode: 31, home: 2, away: 0 });
    // Mbappé's two goals (80th and 81st minute) come in the second half.
    expect(stateAt(final, at('2022-12-18T16:40:00Z'))).toMatchObject({ matchStatusCode: 7, home: 2, away: 2 });
    expect(stateAt(final, at('2022-12-18T17:40:00Z'))).toMatchObject({ matchStatusCode: 50, home: 3, away: 3 });
    expect(stateAt(final, at('2022-12-18T18:00:00Z'))).toEqual({ status: 'closed', matchStatusCode: 120, home: 3, away: 3 });
    const group = catalog.byEvent.get('sr:match:2022001')!;
    expect(stateAt(group, group.start.getTime() + 3 * 3_600_000)).toEqual({ status: 'closed', matchStatusCode: 100, home: 0, away: 2 });
  });
});
