import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContentFlag, MatchContentParts, TrackerSpec } from '@odds/protocol';
import { complianceOf } from './compliance/contact-fields';
import { teamSeasonValues } from '../content/team-values';
import type { Queryable } from '../db/client';
import {
  channelCredentials,
  contacts,
  deliveries,
  leagues,
  marketTypes,
  markets,
  matchContents,
  matchEvents,
  matchLiveStates,
  matches,
  offers,
  providerControls,
  providers,
  ruleSetMarkets,
  teams,
  thresholdFirings,
  thresholdSets,
  thresholdStates,
  trackers,
} from '../db/schema';
import {
  emptyLive,
  marketRef,
  MatchState,
  type AudienceMember,
  type ContactInfo,
  type ContentInfo,
  type LiveInfo,
  type MarketInfo,
  type MatchStatic,
} from './match-state';
import { pricePoint } from './decide';
import type { RateLimiter } from './rate-limit';
import type { ScopeVersions } from './match-state';
import type { ThresholdSetSpec } from './thresholds/evaluate';

type Handle = Queryable;

const home = alias(teams, 'home');
const away = alias(teams, 'away');

/** Labels feeds commonly use per outcome key, after the market's own outcome_mapping. */
const USUAL_LABELS: Record<string, string[]> = {
  home: ['1', 'home'],
  draw: ['x', 'draw'],
  away: ['2', 'away'],
  over: ['over', 'o'],
  under: ['under', 'u'],
  yes: ['yes', 'y'],
  no: ['no', 'n'],
};

/** A timestamp expression as epoch milliseconds, a JS number (drivers differ in how they return timestamps). */
export const epochMs = (expr: SQL) => sql<number>`(extract(epoch from ${expr}) * 1000)::float8`.mapWith(Number);

function labelsOf(outcomes: string[], mapping: Record<string, string>): Map<string, string> {
  const labels = new Map<string, string>();
  for (const key of outcomes) if (mapping[key]) labels.set(mapping[key]!.toLowerCase(), key);
  for (const key of outcomes) if (!labels.has(key.toLowerCase())) labels.set(key.toLowerCase(), key);
  for (const key of outcomes) for (const label of USUAL_LABELS[key] ?? []) if (!labels.has(label)) labels.set(label, key);
  return labels;
}

/**
 * The back-office data the engine needs for a match; null when the match does not exist.
 * `versions`: its scopes' versions read before (scopes.ts), or none for a one-off read.
 */
export async function loadStatic(db: Handle, matchId: number, versions: ScopeVersions = new Map()): Promise<MatchStatic | null> {
  const [row] = await db
    .select({ match: matches, home, away, leagueName: leagues.name, providerActive: providers.active, control: providerControls.active })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .innerJoin(providers, eq(providers.id, matches.providerId))
    .leftJoin(providerControls, eq(providerControls.providerId, matches.providerId))
    .where(eq(matches.id, matchId));
  if (!row) return null;
  const m = row.match;
  const rows = await readMatchRows(db, m);
  const marketList = rows.markets.map(marketInfoOf);
  const contactMap = new Map<number, ContactInfo>(rows.contacts.map((c) => [c.id, contactInfoOf(c)]));
  return {
    versions,
    match: {
      id: m.id,
      providerId: m.providerId,
      sportId: m.sportId,
      leagueId: m.leagueId,
      leagueName: row.leagueName,
      name: m.name,
      start: m.start,
      played: m.homeScore !== null && m.awayScore !== null,
      home: { id: row.home.id, name: row.home.name, shortName: row.home.shortName, values: rows.homeValues.played ? rows.homeValues : null },
      away: { id: row.away.id, name: row.away.name, shortName: row.away.shortName, values: rows.awayValues.played ? rows.awayValues : null },
      providerActive: row.control ?? row.providerActive,
      vendors: new Set(rows.vendors.map((r) => r.vendor)),
    },
    markets: new Map(marketList.map((mk) => [mk.id, mk])),
    marketsByRef: new Map(marketList.map((mk) => [marketRef(mk.typeId, mk.line), mk])),
    sets: setsByMarket(rows.sets),
    contacts: contactMap,
    audience: audienceOf(m, rows.contacts, rows.trackers, contactMap),
    contents: contentsOf(rows.contents, rows.ruleSetMarkets),
  };
}

type MatchRow = typeof matches.$inferSelect;

/** The rows a match's static data is made of: its teams' season values, the provider's markets and contacts, the match's sets, trackers and content. */
async function readMatchRows(db: Handle, m: MatchRow) {
  const scope = { seasonId: m.seasonId, leagueId: m.leagueId, before: m.start };
  const [homeValues, awayValues, marketRows, setRows, contactRows, trackerRows, contentRows, vendorRows] = await Promise.all([
    teamSeasonValues(db, m.homeTeamId, scope),
    teamSeasonValues(db, m.awayTeamId, scope),
    db
      .select({ market: markets, outcomes: marketTypes.outcomes })
      .from(markets)
      .innerJoin(marketTypes, eq(marketTypes.id, markets.typeId))
      .where(and(eq(markets.providerId, m.providerId), eq(markets.sportId, m.sportId)))
      .orderBy(markets.id),
    db.select().from(thresholdSets).where(eq(thresholdSets.matchId, m.id)).orderBy(thresholdSets.id),
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.providerId, m.providerId), eq(contacts.sportId, m.sportId), eq(contacts.active, true)))
      .orderBy(contacts.id),
    db
      .select()
      .from(trackers)
      .where(
        and(
          eq(trackers.active, true),
          or(and(eq(trackers.modelType, 'M'), eq(trackers.modelId, m.id)), and(eq(trackers.modelType, 'L'), eq(trackers.modelId, m.leagueId))),
        ),
      )
      .orderBy(trackers.id),
    db
      .select()
      .from(matchContents)
      .where(and(eq(matchContents.matchId, m.id), eq(matchContents.hold, false), eq(matchContents.timed, false)))
      .orderBy(matchContents.id),
    // Which vendor channels the provider has credentials for (saving or removing some moves 'provider:<id>').
    db.select({ vendor: channelCredentials.vendor }).from(channelCredentials).where(eq(channelCredentials.providerId, m.providerId)),
  ]);
  const ruleSetIds = [...new Set(contentRows.map((c) => c.ruleSetId).filter((id): id is number => id !== null))];
  const ruleRows = ruleSetIds.length ? await db.select().from(ruleSetMarkets).where(inArray(ruleSetMarkets.ruleSetId, ruleSetIds)) : [];
  return {
    homeValues,
    awayValues,
    markets: marketRows,
    sets: setRows,
    contacts: contactRows,
    trackers: trackerRows,
    contents: contentRows,
    ruleSetMarkets: ruleRows,
    vendors: vendorRows,
  };
}
type MatchRows = Awaited<ReturnType<typeof readMatchRows>>;

function marketInfoOf({ market, outcomes }: MatchRows['markets'][number]): MarketInfo {
  return {
    id: market.id,
    name: market.name,
    typeId: market.typeId,
    line: market.line,
    dynamicLine: market.dynamicLine,
    outcomes,
    labels: labelsOf(outcomes, market.outcomeMapping),
    meta: market.meta,
  };
}

/** The match's threshold sets under their market. */
function setsByMarket(setRows: MatchRows['sets']): Map<number, ThresholdSetSpec[]> {
  const sets = new Map<number, ThresholdSetSpec[]>();
  for (const s of setRows) {
    const list = sets.get(s.marketId) ?? [];
    list.push({
      id: s.id,
      marketId: s.marketId,
      contactId: s.contactId,
      type: s.type as ThresholdSetSpec['type'],
      thresholds: s.thresholds,
      line: s.line,
      timedBefore: s.timedBefore,
    });
    sets.set(s.marketId, list);
  }
  return sets;
}

function contactInfoOf(c: MatchRows['contacts'][number]): ContactInfo {
  return {
    id: c.id,
    name: c.name,
    channelId: c.channelId,
    languages: c.languages,
    email: c.email,
    twitter: c.twitter,
    deviceId: c.deviceId,
    mobile: c.mobile,
    segment: c.segment,
    listId: c.listId,
    rateLimited: c.rateLimited,
    rateLimitMinutes: c.rateLimitMinutes,
    limiter: c.limiter,
    compliance: complianceOf(c),
  };
}

/** Who hears of the match: contacts subscribed to all, its league or a team of it, and those with a tracker on it or its league; by contact id. */
function audienceOf(
  m: MatchRow,
  contactRows: MatchRows['contacts'],
  trackerRows: MatchRows['trackers'],
  contactMap: Map<number, ContactInfo>,
): AudienceMember[] {
  const audience = new Map<number, AudienceMember>();
  for (const c of contactRows) {
    if (c.subAll || c.leagueIds.includes(m.leagueId) || c.teamIds.includes(m.homeTeamId) || c.teamIds.includes(m.awayTeamId)) {
      audience.set(c.id, { contact: contactMap.get(c.id)!, subscribed: true, trackers: [] });
    }
  }
  for (const t of trackerRows) {
    const contact = contactMap.get(t.contactId);
    if (!contact) continue;
    const member = audience.get(t.contactId) ?? { contact, subscribed: false, trackers: [] };
    member.trackers.push({ language: t.language, spec: t.spec as TrackerSpec });
    audience.set(t.contactId, member);
  }
  return [...audience.values()].sort((a, b) => a.contact.id - b.contact.id);
}

function contentsOf(contentRows: MatchRows['contents'], ruleRows: MatchRows['ruleSetMarkets']): ContentInfo[] {
  return contentRows.map((c) => ({
    id: c.id,
    marketId: c.marketId,
    marketTypeId: c.marketTypeId,
    channelId: c.channelId,
    language: c.language,
    nodeId: c.nodeId,
    subNode: c.subNode,
    leafNode: c.leafNode,
    period: c.period,
    parts: c.parts as MatchContentParts,
    flags: c.flags as ContentFlag[],
    ruleSetMarkets: c.ruleSetId === null ? null : new Set(ruleRows.filter((r) => r.ruleSetId === c.ruleSetId).map((r) => r.marketId)),
  }));
}

/** The engine's running state of a match from the live tables, and its contacts' pushes so far. */
export async function loadState(db: Handle, statics: MatchStatic, limiter: RateLimiter): Promise<MatchState> {
  const matchId = statics.match.id;
  const setIds = [...statics.sets.values()].flat().map((s) => s.id);
  const [liveRow, offerRows, eventIds, stateRows, firingRows, pushRows] = await Promise.all([
    db.select().from(matchLiveStates).where(eq(matchLiveStates.matchId, matchId)),
    db
      .select({
        sourceId: offers.sourceId,
        marketId: offers.marketId,
        sentAt: offers.sentAt,
        matchTime: offers.matchTime,
        outcomeMap: offers.outcomeMap,
        suspended: offers.suspended,
        status: offers.status,
        odds: offers.odds,
        arrival: offers.arrival,
        score: offers.score,
        prematch: offers.prematch,
      })
      .from(offers)
      .where(eq(offers.matchId, matchId))
      .orderBy(offers.sentAt, offers.id),
    db.select({ sourceId: matchEvents.sourceId, arrival: matchEvents.arrival }).from(matchEvents).where(eq(matchEvents.matchId, matchId)),
    setIds.length ? db.select().from(thresholdStates).where(inArray(thresholdStates.thresholdSetId, setIds)) : [],
    db
      .select({ marketId: thresholdFirings.marketId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(thresholdFirings)
      .where(eq(thresholdFirings.matchId, matchId))
      .groupBy(thresholdFirings.marketId),
    db
      .select({
        contactId: deliveries.contactId,
        marketId: deliveries.marketId,
        period: deliveries.period,
        n: sql<number>`count(distinct ${deliveries.offerId})`.mapWith(Number),
        last: epochMs(sql`max(${deliveries.feedAt})`),
      })
      .from(deliveries)
      .where(eq(deliveries.matchId, matchId))
      .groupBy(deliveries.contactId, deliveries.marketId, deliveries.period),
  ]);
  const state = new MatchState(statics, liveOf(liveRow[0]));
  for (const o of offerRows) {
    state.seen.add(o.sourceId);
    const feedMs = o.sentAt.getTime();
    state.latestFeedMs.set(o.marketId, Math.max(state.latestFeedMs.get(o.marketId) ?? 0, feedMs));
    // As decideOffer keeps them: an offer flagged suspended, or made while its market or the match
    // was (stored SUSPENDED), never joins the history relative thresholds measure from.
    if (!o.suspended && o.status !== 'SUSPENDED') {
      state
        .history(o.marketId)
        .add(pricePoint({ feedMs, gameS: o.matchTime ?? 0, outcomeMap: o.outcomeMap, line: o.odds[0]?.line ?? null, score: o.score, prematch: o.prematch }));
    }
  }
  for (const e of eventIds) state.seen.add(e.sourceId);
  for (const row of [...offerRows, ...eventIds]) state.lastArrival = Math.max(state.lastArrival, row.arrival ?? 0);
  for (const s of stateRows) {
    state.outcomeStates.set(`${s.thresholdSetId}:${s.outcome}`, {
      armed: s.armed,
      streak: s.streak,
      blocked: s.blocked,
      lastFiredMs: s.lastFiredAt?.getTime() ?? null,
    });
  }
  for (const f of firingRows) state.marketFirings.set(f.marketId, f.n);
  limiter.forgetMatch(matchId);
  for (const p of pushRows) limiter.seed({ contactId: p.contactId, matchId, marketId: p.marketId, period: p.period, feedMs: p.last }, p.n);
  return state;
}

function liveOf(row: typeof matchLiveStates.$inferSelect | undefined): LiveInfo {
  if (!row) return emptyLive();
  return {
    status: row.status as LiveInfo['status'],
    period: row.period,
    score: row.score,
    matchTime: row.matchTime,
    suspended: row.suspended,
    suspendedMarkets: new Set(row.suspendedMarketIds),
    kickedOffAt: row.kickedOffAt?.getTime() ?? null,
    lastGoalS: row.lastGoalTime,
    lastMessageMs: row.lastMessageAt?.getTime() ?? null,
  };
}
