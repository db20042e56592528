import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { replyMessage, uofApiCall } from './api-client';

/** What an operator needs to link an unlinked event: its teams and kick-off, from UOF's fixture API. */
export interface UofFixture {
  home: string | null;
  away: string | null;
  startTime: number | null;
}

/** Asks UOF for an event's fixture; null when UOF has none (404). Throws on other failures. */
export type FetchFixture = (event: string) => Promise<UofFixture | null>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  removeNSPrefix: true,
  isArray: (name) => name === 'competitor',
});

type Node = Record<string, unknown>;

/**
 * The teams (competitors qualified home and away) and start time of a fixture document
 * (`<fixtures_fixture><fixture start_time=…><competitors><competitor qualifier="home" name=…/>`).
 */
export function parseFixture(xml: string): UofFixture {
  const text = xml.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`UOF fixture is not well-formed XML: ${valid.err.msg}`);
  const doc = parser.parse(text) as Node;
  const root = (doc.fixtures_fixture ?? doc) as Node;
  const fixture = root.fixture as Node | undefined;
  if (!fixture || typeof fixture !== 'object') throw new Error('UOF fixture document has no <fixture>');
  const competitors = ((fixture.competitors as Node | undefined)?.competitor as Node[] | undefined) ?? [];
  const named = (qualifier: string) => {
    const name = competitors.find((c) => c.qualifier === qualifier)?.name;
    return typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : null;
  };
  const start = typeof fixture.start_time === 'string' ? Date.parse(fixture.start_time) : Number.NaN;
  return { home: named('home'), away: named('away'), startTime: Number.isNaN(start) ? null : start };
}

/** UOF's fixture endpoint: `GET {apiUrl}/v1/sports/en/sport_events/{event}/fixture.xml`, token in `x-access-token`. */
export function uofFixtureApi(apiUrl: string, token: string | null, fetchImpl: typeof fetch = fetch): FetchFixture {
  const call = uofApiCall(apiUrl, token, fetchImpl);
  return async (event) => {
    const reply = await call(`/v1/sports/en/sport_events/${encodeURIComponent(event)}/fixture.xml`);
    if (reply.status === 404) return null;
    if (!reply.ok) throw new Error(`UOF fixture of ${event} answered ${reply.status}: ${replyMessage(reply)}`);
    return parseFixture(reply.text);
  };
}
