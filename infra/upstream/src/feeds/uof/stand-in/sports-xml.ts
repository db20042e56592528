import { CATEGORY, SPORT, TOURNAMENT, stateAt, type Catalog, type Competitor, type Season, type SportEvent } from './catalog';
import { document, el, SPORTS_NS } from './xml';

/**
 * The Sports API documents of the stand-in, shaped like the vendor's (fixtures_fixture,
 * match_summary, schedule, tournament_info, competitor_profile; element and attribute names from
 * its published schemas), written from the catalog at the stand-in's clock.
 */
const time = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
const root = (name: string, now: Date, children: (string | null)[]) => document(el(name, { xmlns: SPORTS_NS, generated_at: time(now) }, children));

const sport = () => el('sport', SPORT);
const category = () => el('category', CATEGORY);
const seasonEl = (s: Season) =>
  el('season', { id: s.id, name: s.name, start_date: s.startDate, end_date: s.endDate, year: String(s.year), tournament_id: TOURNAMENT.id });
const tournament = () => el('tournament', TOURNAMENT, [sport(), category()]);
const competitorEl = (c: Competitor, qualifier?: 'home' | 'away') =>
  el('competitor', { id: c.id, name: c.name, country: c.name, abbreviation: c.abbreviation, qualifier });

function round(event: SportEvent): string {
  const group = /^Matchday (\d+)$/.exec(event.round);
  if (group) return el('tournament_round', { type: 'group', number: group[1], group: event.group?.replace(/^Group /, '') });
  const name = event.round.toLowerCase().replace(/-/g, '').replace(/\s+/g, '_');
  return el('tournament_round', { type: 'cup', name });
}

const venue = (event: SportEvent) =>
  event.venue ? el('venue', { id: event.venue.id, name: event.venue.name, city_name: event.venue.city, country_name: event.venue.country }) : null;

const MATCH_STATUS: Record<number, string> = {
  0: 'not_started',
  6: '1st_half',
  31: 'halftime',
  7: '2nd_half',
  32: 'awaiting_extra_time',
  40: 'overtime',
  50: 'penalties',
  100: 'ended',
  110: 'aet',
  120: 'ap',
};

/** The parts of a sport_event every document repeats: round, season, tournament, competitors. */
function eventBody(event: SportEvent): string[] {
  return [round(event), seasonEl(event.season), tournament(), el('competitors', {}, [competitorEl(event.home, 'home'), competitorEl(event.away, 'away')])];
}

function sportEvent(event: SportEvent, now: Date, withStatus: boolean): string {
  const state = stateAt(event, now.getTime());
  return el(
    'sport_event',
    {
      id: event.id,
      scheduled: time(event.start),
      start_time_tbd: 'false',
      status: withStatus ? (event.status ?? state.status) : undefined,
      liveodds: 'booked',
    },
    [...eventBody(event), venue(event)],
  );
}

export function fixtureXml(event: SportEvent, now: Date): string {
  const fixture = el(
    'fixture',
    { id: event.id, scheduled: time(event.start), start_time: time(event.start), start_time_confirmed: 'true', liveodds: 'booked' },
    [...eventBody(event), venue(event)],
  );
  return root('fixtures_fixture', now, [fixture]);
}

export function summaryXml(event: SportEvent, now: Date): string {
  const state = stateAt(event, now.getTime());
  const score = event.match.score;
  const winner =
    state.status === 'closed' && score
      ? (() => {
          const [h, a] = score.p ?? score.et ?? score.ft ?? [0, 0];
          return h > a ? event.home.id : a > h ? event.away.id : undefined;
        })()
      : undefined;
  const periodScores =
    state.status === 'closed' && score?.ft && score.ht
      ? el('period_scores', {}, [
          el('period_score', { home_score: score.ht[0], away_score: score.ht[1], type: 'regular_period', number: 1 }),
          el('period_score', { home_score: score.ft[0] - score.ht[0], away_score: score.ft[1] - score.ht[1], type: 'regular_period', number: 2 }),
          score.et ? el('period_score', { home_score: score.et[0] - score.ft[0], away_score: score.et[1] - score.ft[1], type: 'overtime', number: 3 }) : null,
          score.p ? el('period_score', { home_score: score.p[0], away_score: score.p[1], type: 'penalties', number: 4 }) : null,
        ])
      : null;
  const status = el(
    'sport_event_status',
    {
      status: state.status,
      match_status: MATCH_STATUS[state.matchStatusCode],
      home_score: state.home,
      away_score: state.away,
      winner_id: winner,
      match_status_code: state.matchStatusCode,
    },
    [periodScores],
  );
  return root('match_summary', now, [sportEvent(event, now, false), event.venue ? el('sport_event_conditions', {}, [venue(event)]) : null, status]);
}

export function scheduleXml(events: SportEvent[], now: Date): string {
  return root(
    'schedule',
    now,
    events.map((e) => sportEvent(e, now, true)),
  );
}

/** tournament_info of the tournament (its latest season) or of one season, with the season's groups. */
export function tournamentInfoXml(catalog: Catalog, season: Season, now: Date): string {
  const events = catalog.events.filter((e) => e.season === season);
  const groups = new Map<string, Map<string, Competitor>>();
  for (const e of events) {
    if (!e.group) continue;
    const members = groups.get(e.group) ?? new Map<string, Competitor>();
    members.set(e.home.id, e.home).set(e.away.id, e.away);
    groups.set(e.group, members);
  }
  const current = el('current_season', { id: season.id, name: season.name, start_date: season.startDate, end_date: season.endDate, year: String(season.year) });
  return root('tournament_info', now, [
    el('tournament', TOURNAMENT, [sport(), category(), current]),
    seasonEl(season),
    el('coverage_info', { live_coverage: 'true' }),
    el(
      'groups',
      {},
      [...groups]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, members]) =>
          el(
            'group',
            { name: name.replace(/^Group /, '') },
            [...members.values()].map((c) => competitorEl(c)),
          ),
        ),
    ),
  ]);
}

export function competitorProfileXml(competitor: Competitor, now: Date): string {
  return root('competitor_profile', now, [
    el('competitor', { id: competitor.id, name: competitor.name, country: competitor.name, abbreviation: competitor.abbreviation }, [sport(), category()]),
  ]);
}
