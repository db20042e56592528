import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { UofEventStatus, UofMarket, UofMessage, UofOutcome } from './messages';

/** Why a UOF body is not a message the adapter can use (it goes to the dead letters with this). */
export class UofParseError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Attribute values stay text: odds such as '1.10' and ids such as '4+' are checked here, not guessed.
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  processEntities: true,
  isArray: (name) => ['market', 'outcome', 'period_score'].includes(name),
});

type Node = Record<string, unknown>;

const ROOTS = [
  'odds_change',
  'bet_stop',
  'bet_settlement',
  'bet_cancel',
  'rollback_bet_settlement',
  'rollback_bet_cancel',
  'fixture_change',
  'alive',
  'snapshot_complete',
  'product_down',
] as const;

function int(node: Node, name: string, where: string, required: true): number;
function int(node: Node, name: string, where: string, required?: false): number | null;
function int(node: Node, name: string, where: string, required = false): number | null {
  const value = node[name];
  if (value === undefined || value === '') {
    if (required) throw new UofParseError(`${where}: attribute ${name} is missing`);
    return null;
  }
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) throw new UofParseError(`${where}: ${name}="${String(value)}" is not an integer`);
  return Number(value);
}

function text(node: Node, name: string): string | null {
  const value = node[name];
  return typeof value === 'string' ? value : null;
}

/** `total=2.5|hcp=0:1` as pairs; a pair without `=` is malformed. */
function parseSpecifiers(raw: string, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (const pair of raw.split('|')) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UofParseError(`${where}: specifier '${pair}' is not name=value`);
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

/** `27:33` (minutes:seconds, minutes may pass 99) in seconds. */
function clockSeconds(raw: string | null): number | null {
  if (!raw) return null;
  const match = /^(\d{1,3}):(\d{2})$/.exec(raw);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function outcomes(market: Node, where: string): UofOutcome[] {
  const list = (market.outcome as Node[] | undefined) ?? [];
  return list.map((o) => {
    const id = text(o, 'id');
    if (!id) throw new UofParseError(`${where}: an outcome has no id`);
    const odds = text(o, 'odds');
    if (odds !== null && !/^\d{1,4}(\.\d{1,4})?$/.test(odds)) throw new UofParseError(`${where}: outcome ${id} odds="${odds}" is not decimal odds`);
    // Settlement outcomes have no `active`; they are results, not prices.
    return { id, odds, active: text(o, 'active') !== '0' };
  });
}

function markets(container: Node | undefined, where: string): UofMarket[] {
  const list = (container?.market as Node[] | undefined) ?? [];
  return list.map((m) => {
    const id = int(m, 'id', `${where} market`, true);
    const specifierText = text(m, 'specifiers') ?? '';
    const at = `${where} market ${id}${specifierText ? ` (${specifierText})` : ''}`;
    return { id, specifiers: parseSpecifiers(specifierText, at), specifierText, status: int(m, 'status', at) ?? 1, outcomes: outcomes(m, at) };
  });
}

/** A score as UOF sends it (xs:decimal): a whole number, else null, so another sport's score never fails a message. */
function score(node: Node, name: string): number | null {
  const value = text(node, name);
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

function eventStatus(node: Node | undefined): UofEventStatus | null {
  if (!node) return null;
  const where = 'sport_event_status';
  const clock = node.clock as Node | undefined;
  return {
    status: int(node, 'status', where) ?? 0,
    matchStatus: int(node, 'match_status', where),
    home: score(node, 'home_score'),
    away: score(node, 'away_score'),
    clockS: clock ? clockSeconds(text(clock, 'match_time')) : null,
  };
}

/**
 * One UOF message (the XML body of an AMQP message) checked and typed. Throws UofParseError with
 * the reason when the body is not well-formed XML, not a UOF message, or lacks what its type needs.
 */
export function parseUof(body: string | Buffer): UofMessage {
  const xml = (typeof body === 'string' ? body : body.toString('utf8')).replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new UofParseError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = parser.parse(xml) as Node;
  const root = ROOTS.find((name) => name in doc);
  if (!root) throw new UofParseError(`not a UOF message: root element <${Object.keys(doc)[0] ?? ''}>`);
  const node = (doc[root] && typeof doc[root] === 'object' ? doc[root] : {}) as Node;
  const base = { product: int(node, 'product', root, true), timestamp: int(node, 'timestamp', root, true), requestId: int(node, 'request_id', root) };
  const eventId = () => {
    const id = text(node, 'event_id');
    if (!id || !/^[a-z]{1,10}:[a-z_]{1,30}:\d{1,12}$/.test(id)) throw new UofParseError(`${root}: event_id="${id ?? ''}" is not an event URN`);
    return id;
  };
  switch (root) {
    case 'alive':
      return { ...base, type: 'alive', subscribed: text(node, 'subscribed') !== '0' };
    case 'snapshot_complete':
      if (base.requestId === null) throw new UofParseError('snapshot_complete: attribute request_id is missing');
      return { ...base, type: 'snapshot_complete' };
    case 'product_down':
      return { ...base, type: 'product_down' };
    case 'odds_change':
      return {
        ...base,
        type: 'odds_change',
        eventId: eventId(),
        status: eventStatus(node.sport_event_status as Node | undefined),
        markets: markets(node.odds as Node | undefined, root),
      };
    case 'bet_stop':
      return {
        ...base,
        type: 'bet_stop',
        eventId: eventId(),
        groups: (text(node, 'groups') ?? 'all').split('|'),
        marketStatus: int(node, 'market_status', root),
      };
    case 'fixture_change':
      return { ...base, type: 'fixture_change', eventId: eventId(), startTime: int(node, 'start_time', root), changeType: int(node, 'change_type', root) };
    case 'bet_settlement':
      return { ...base, type: root, eventId: eventId(), markets: markets(node.outcomes as Node | undefined, root) };
    case 'rollback_bet_settlement':
      return { ...base, type: root, eventId: eventId(), markets: markets(node, root) };
    case 'bet_cancel':
    case 'rollback_bet_cancel':
      return {
        ...base,
        type: root,
        eventId: eventId(),
        markets: markets(node, root),
        startTime: int(node, 'start_time', root),
        endTime: int(node, 'end_time', root),
      };
  }
}
