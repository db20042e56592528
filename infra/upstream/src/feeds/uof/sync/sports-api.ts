import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The parts of the vendor's Sports API documents the catalog sync reads (schedule, fixtures_fixture,
 * tournament_info; element and attribute names of its published schemas): each sport event's
 * tournament, season, round, competitors (name, abbreviation, country), venue, start and status.
 */
export interface UofCompetitor {
  id: string;
  name: string;
  abbreviation: string | null;
  country: string | null;
}

export interface UofSeason {
  id: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
}

export interface UofTournament {
  id: string;
  name: string;
  sport: { id: string; name: string };
  category: { id: string; name: string } | null;
}

export interface UofSportEvent {
  id: string;
  scheduled: number;
  /** The vendor's event status as the schedule gives it (`not_started`, `live`, `closed`, `cancelled`, `postponed`…); null in a fixture. */
  status: string | null;
  tournament: UofTournament;
  season: UofSeason | null;
  /** `Group A · round 2`, `Final`… as the console shows a round. */
  round: string | null;
  home: UofCompetitor;
  away: UofCompetitor;
  /** `Lusail Stadium, Lusail`. */
  venue: string | null;
}

/** A document the sync cannot read: its reason names what is missing. */
export class SportsApiError extends Error {
  override name = 'SportsApiError';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  removeNSPrefix: true,
  isArray: (name) => name === 'sport_event' || name === 'competitor' || name === 'fixture',
});

type Node = Record<string, unknown>;
const text = (node: Node | undefined, name: string): string | null => {
  const value = node?.[name];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null;
};
const child = (node: Node | undefined, name: string): Node | undefined => {
  const value = node?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
};

function documentOf(xml: string, root: string): Node {
  const body = xml.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new SportsApiError(`not well-formed XML: ${valid.err.msg}`);
  if (/<!DOCTYPE/i.test(body)) throw new SportsApiError('a DOCTYPE, which the vendor never sends');
  const doc = (parser.parse(body) as Node)[root];
  if (!doc || typeof doc !== 'object') throw new SportsApiError(`no <${root}> document`);
  return doc as Node;
}

function idName(node: Node | undefined, what: string): { id: string; name: string } {
  const id = text(node, 'id');
  const name = text(node, 'name');
  if (!id || !name) throw new SportsApiError(`a ${what} without id or name`);
  return { id, name };
}

function roundOf(node: Node | undefined): string | null {
  if (!node) return null;
  const group = text(node, 'group');
  const number = text(node, 'number');
  if (group) return number ? `Group ${group} · round ${number}` : `Group ${group}`;
  const name = text(node, 'name');
  if (name) return name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return number ? `Round ${number}` : null;
}

function seasonOf(node: Node | undefined): UofSeason | null {
  if (!node) return null;
  const { id, name } = idName(node, 'season');
  return { id, name, startDate: text(node, 'start_date'), endDate: text(node, 'end_date') };
}

function tournamentOf(node: Node | undefined): UofTournament {
  const { id, name } = idName(node, 'tournament');
  const sport = idName(child(node, 'sport'), 'sport');
  const category = child(node, 'category');
  return { id, name, sport, category: category ? idName(category, 'category') : null };
}

/** One `<sport_event>` or `<fixture>`: throws a SportsApiError naming the event when it lacks what a match needs. */
function eventOf(node: Node): UofSportEvent {
  const id = text(node, 'id');
  if (!id) throw new SportsApiError('a sport event without id');
  try {
    const scheduled = Date.parse(text(node, 'start_time') ?? text(node, 'scheduled') ?? '');
    if (Number.isNaN(scheduled)) throw new SportsApiError('no start time');
    const competitors = (child(node, 'competitors')?.competitor as Node[] | undefined) ?? [];
    const side = (qualifier: string): UofCompetitor => {
      const c = competitors.find((x) => x.qualifier === qualifier);
      if (!c) throw new SportsApiError(`no ${qualifier} competitor`);
      return { ...idName(c, 'competitor'), abbreviation: text(c, 'abbreviation'), country: text(c, 'country') };
    };
    const venue = child(node, 'venue');
    const venueName = text(venue, 'name');
    const city = text(venue, 'city_name');
    return {
      id,
      scheduled,
      status: text(node, 'status'),
      tournament: tournamentOf(child(node, 'tournament')),
      season: seasonOf(child(node, 'season')),
      round: roundOf(child(node, 'tournament_round')),
      home: side('home'),
      away: side('away'),
      venue: venueName ? (city && city !== venueName ? `${venueName}, ${city}` : venueName) : null,
    };
  } catch (error) {
    if (error instanceof SportsApiError) throw new SportsApiError(`${id}: ${error.message}`);
    throw error;
  }
}

/** A schedule (the day's or the live one): its events, and those it could not read with why (an outright has no competitors). */
export function parseSchedule(xml: string): { events: UofSportEvent[]; unreadable: { ref: string; reason: string }[] } {
  const doc = documentOf(xml, 'schedule');
  const events: UofSportEvent[] = [];
  const unreadable: { ref: string; reason: string }[] = [];
  for (const node of (doc.sport_event as Node[] | undefined) ?? []) {
    try {
      events.push(eventOf(node));
    } catch (error) {
      if (!(error instanceof SportsApiError)) throw error;
      const ref = text(node, 'id') ?? '?';
      // One reason per kind of entry (the ref is listed apart): `not a match: no home competitor`.
      unreadable.push({ ref, reason: `not a match: ${error.message.startsWith(`${ref}: `) ? error.message.slice(ref.length + 2) : error.message}` });
    }
  }
  return { events, unreadable };
}

/** A fixture document (`fixtures_fixture`): its one event. */
export function parseFixtureEvent(xml: string): UofSportEvent {
  const fixture = (documentOf(xml, 'fixtures_fixture').fixture as Node[] | undefined)?.[0];
  if (!fixture) throw new SportsApiError('no <fixture>');
  return eventOf(fixture);
}

/** A tournament_info document: the tournament and its current season. */
export function parseTournamentInfo(xml: string): { tournament: UofTournament; season: UofSeason | null } {
  const doc = documentOf(xml, 'tournament_info');
  const node = child(doc, 'tournament');
  return { tournament: tournamentOf(node), season: seasonOf(child(doc, 'season') ?? child(node, 'current_season')) };
}
