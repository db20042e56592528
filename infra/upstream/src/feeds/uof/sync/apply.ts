import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuditActor, AuditEntity } from '@odds/protocol';
import { matchWriteNotice } from '../../../coedit/catalog-notices';
import { noticesOf } from '../../../coedit/notices';
import { recordNotices } from '../../../notices/outbox';
import { readRow } from '../../../coedit/versioned';
import type { Change } from '../../../notices/bus';
import type { Tx } from '../../../db/client';
import { auditLog, leagues, matches, seasons, teams, uofLinks, uofUnlinkedEvents } from '../../../db/schema';
import type { UofCompetitor, UofSeason, UofSportEvent, UofTournament } from './sports-api';

/** Who the sync's writes are by, in history ("UOF sync"). */
const SYNC_ACTOR: AuditActor = { id: null, name: 'UOF sync' };
export const SOURCE = 'uof';

/**
 * One row the sync created or changed, for the run's list: entity, the vendor's id, the fields
 * written, and the console's row as it is after the write (its id and name; a link's are its match's).
 */
export interface SyncChange {
  entity: 'league' | 'season' | 'team' | 'match' | 'link';
  ref: string;
  action: 'create' | 'update';
  fields: string[];
  id: number;
  name: string;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/**
 * The fields of `desired` that differ from `current`, leaving out those an operator owns
 * (`overrides`, snake_case names as the API shows them): what the sync writes.
 */
export function toWrite(current: object, desired: Record<string, unknown>, overrides: readonly string[]): Record<string, unknown> {
  const now = current as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(desired)) {
    if (overrides.includes(snake(key))) continue;
    if (!same(now[key], value)) out[key] = value;
  }
  return out;
}

const fieldsOf = (patch: Record<string, unknown>) => Object.keys(patch).map(snake);

export class SyncApplier {
  readonly changes: SyncChange[] = [];
  unchanged = 0;
  private readonly written: { entity: AuditEntity; id: number; matchId: number | null; action: 'create' | 'update'; before: Record<string, unknown> | null }[] =
    [];

  constructor(
    private readonly tx: Tx,
    private readonly providerId: number,
    private readonly sportId: number,
    private readonly now: Date,
  ) {}

  private note(entity: SyncChange['entity'], ref: string, action: 'create' | 'update', fields: string[], row: { id: number; name: string }) {
    this.changes.push({ entity, ref, action, fields, id: row.id, name: row.name });
  }

  /** The league of a tournament: found by its vendor id, else a hand-made league with the tournament's urn as unique id (adopted). */
  async league(tournament: UofTournament): Promise<number> {
    const { tx } = this;
    const desired = {
      name: tournament.name,
      path: tournament.category ? `${tournament.category.name} / ${tournament.name}` : tournament.name,
      uniqueId: tournament.id,
      eventSync: true,
    };
    const [found] = await tx
      .select()
      .from(leagues)
      .where(and(eq(leagues.providerId, this.providerId), eq(leagues.syncSource, SOURCE), eq(leagues.syncRef, tournament.id)));
    const [adopt] = found
      ? [found]
      : await tx
          .select()
          .from(leagues)
          .where(and(eq(leagues.providerId, this.providerId), eq(leagues.sportId, this.sportId), eq(leagues.uniqueId, tournament.id), isNull(leagues.syncRef)))
          .limit(1)
          .for('update');
    if (!adopt) {
      const [row] = await tx
        .insert(leagues)
        .values({ providerId: this.providerId, sportId: this.sportId, ...desired, syncSource: SOURCE, syncRef: tournament.id })
        .returning({ id: leagues.id });
      this.note('league', tournament.id, 'create', fieldsOf(desired), { id: row!.id, name: desired.name });
      return row!.id;
    }
    const patch = toWrite(adopt, desired, adopt.overrides);
    if (!found) Object.assign(patch, { syncSource: SOURCE, syncRef: tournament.id });
    if (!Object.keys(patch).length) {
      this.unchanged += 1;
      return adopt.id;
    }
    await tx
      .update(leagues)
      .set({ ...patch, lastModified: this.now })
      .where(eq(leagues.id, adopt.id));
    this.note('league', tournament.id, 'update', fieldsOf(patch), { id: adopt.id, name: (patch.name as string | undefined) ?? adopt.name });
    return adopt.id;
  }

  /** A league's season: by its vendor id, else a hand-made season of the league with the same name (adopted). */
  async season(leagueId: number, season: UofSeason): Promise<number> {
    const { tx } = this;
    const desired = { name: season.name, startsOn: season.startDate, endsOn: season.endDate };
    const [found] = await tx
      .select()
      .from(seasons)
      .where(and(eq(seasons.leagueId, leagueId), eq(seasons.syncSource, SOURCE), eq(seasons.syncRef, season.id)));
    const [adopt] = found
      ? [found]
      : await tx
          .select()
          .from(seasons)
          .where(and(eq(seasons.leagueId, leagueId), eq(seasons.name, season.name), isNull(seasons.syncRef)))
          .limit(1);
    if (!adopt) {
      const [row] = await tx
        .insert(seasons)
        .values({ leagueId, ...desired, syncSource: SOURCE, syncRef: season.id })
        .returning({ id: seasons.id });
      this.note('season', season.id, 'create', fieldsOf(desired), { id: row!.id, name: desired.name });
      return row!.id;
    }
    const patch = toWrite(adopt, desired, adopt.overrides);
    if (!found) Object.assign(patch, { syncSource: SOURCE, syncRef: season.id });
    if (!Object.keys(patch).length) {
      this.unchanged += 1;
      return adopt.id;
    }
    await tx.update(seasons).set(patch).where(eq(seasons.id, adopt.id));
    this.note('season', season.id, 'update', fieldsOf(patch), { id: adopt.id, name: (patch.name as string | undefined) ?? adopt.name });
    return adopt.id;
  }

  /**
   * A competitor's team: by its vendor id, else the provider's hand-made team of that name (adopted,
   * keeping its connector). A new team's connector (`team_key`) is the competitor's urn, so the same
   * competitor synced for two providers is one real team. Versioned and audited as an operator's edit.
   */
  async team(competitor: UofCompetitor): Promise<{ id: number; name: string }> {
    const { tx } = this;
    const desired = { name: competitor.name, shortName: competitor.abbreviation, country: competitor.country };
    const [found] = await tx
      .select()
      .from(teams)
      .where(and(eq(teams.providerId, this.providerId), eq(teams.syncSource, SOURCE), eq(teams.syncRef, competitor.id)))
      .for('update');
    const [adopt] = found
      ? [found]
      : await tx
          .select()
          .from(teams)
          .where(
            and(
              eq(teams.providerId, this.providerId),
              eq(teams.sportId, this.sportId),
              sql`lower(${teams.name}) = lower(${competitor.name})`,
              isNull(teams.syncRef),
            ),
          )
          .limit(1)
          .for('update');
    if (!adopt) {
      const [row] = await tx
        .insert(teams)
        .values({ providerId: this.providerId, sportId: this.sportId, ...desired, teamKey: competitor.id, syncSource: SOURCE, syncRef: competitor.id })
        .returning({ id: teams.id, name: teams.name });
      this.note('team', competitor.id, 'create', fieldsOf(desired), row!);
      this.written.push({ entity: 'team', id: row!.id, matchId: null, action: 'create', before: null });
      return row!;
    }
    const patch = toWrite(adopt, desired, adopt.overrides);
    if (!found) Object.assign(patch, { syncSource: SOURCE, syncRef: competitor.id });
    if (!Object.keys(patch).length) {
      this.unchanged += 1;
      return { id: adopt.id, name: adopt.name };
    }
    const before = await readRow(tx, 'team', adopt.id);
    const [row] = await tx
      .update(teams)
      .set({ ...patch, version: sql`${teams.version} + 1`, lastModified: this.now })
      .where(eq(teams.id, adopt.id))
      .returning({ id: teams.id, name: teams.name });
    this.note('team', competitor.id, 'update', fieldsOf(patch), row!);
    this.written.push({ entity: 'team', id: adopt.id, matchId: null, action: 'update', before });
    return row!;
  }

  /**
   * The event's match: by its vendor id, else the provider's match already linked to the event
   * (by hand, before the sync), else one whose event id is the event's urn (adopted). A played
   * match's start is never moved (as a fixture_change). Then the link to the UOF event.
   */
  async match(
    event: UofSportEvent,
    ids: { leagueId: number; seasonId: number | null; home: { id: number; name: string }; away: { id: number; name: string } },
  ): Promise<{ matchId: number; linkSkipped: string | null }> {
    const { tx } = this;
    const desired = {
      name: `${ids.home.name} - ${ids.away.name}`,
      start: new Date(event.scheduled),
      leagueId: ids.leagueId,
      seasonId: ids.seasonId,
      homeTeamId: ids.home.id,
      awayTeamId: ids.away.id,
      round: event.round,
      ground: event.venue,
      eventId: event.id,
    };
    const mine = and(eq(matches.providerId, this.providerId), eq(matches.sportId, this.sportId));
    const [found] = await tx
      .select()
      .from(matches)
      .where(and(mine, eq(matches.syncSource, SOURCE), eq(matches.syncRef, event.id)))
      .for('update');
    const [linked] = found
      ? [found]
      : await tx
          .select({ match: matches })
          .from(uofLinks)
          .innerJoin(matches, eq(matches.id, uofLinks.matchId))
          .where(and(mine, eq(uofLinks.event, event.id), isNull(matches.syncRef)))
          .then((rows) => rows.map((r) => r.match));
    const [adopt] = linked
      ? [linked]
      : await tx
          .select()
          .from(matches)
          .where(and(mine, eq(matches.eventId, event.id), isNull(matches.syncRef)))
          .limit(1)
          .for('update');
    let matchId: number;
    let name = desired.name;
    if (!adopt) {
      const [row] = await tx
        .insert(matches)
        .values({ providerId: this.providerId, sportId: this.sportId, ...desired, syncSource: SOURCE, syncRef: event.id })
        .returning({ id: matches.id });
      matchId = row!.id;
      this.note('match', event.id, 'create', fieldsOf(desired), { id: matchId, name: desired.name });
      this.written.push({ entity: 'match', id: matchId, matchId, action: 'create', before: null });
    } else {
      matchId = adopt.id;
      const patch = toWrite(adopt, desired, adopt.overrides);
      name = (patch.name as string | undefined) ?? adopt.name;
      if (adopt.homeScore !== null) delete patch.start;
      if (!found) Object.assign(patch, { syncSource: SOURCE, syncRef: event.id });
      if (!Object.keys(patch).length) this.unchanged += 1;
      else {
        const before = await readRow(tx, 'match', matchId);
        await tx
          .update(matches)
          .set({ ...patch, lastModified: this.now })
          .where(eq(matches.id, matchId));
        this.note('match', event.id, 'update', fieldsOf(patch), { id: matchId, name });
        this.written.push({ entity: 'match', id: matchId, matchId, action: 'update', before });
      }
    }
    return { matchId, linkSkipped: await this.link({ id: matchId, name }, event.id) };
  }

  /** Links the match to its UOF event unless it is linked already; an event linked to another match is left there (the reason is returned). */
  private async link(match: { id: number; name: string }, event: string): Promise<string | null> {
    const { tx } = this;
    const matchId = match.id;
    const [current] = await tx.select().from(uofLinks).where(eq(uofLinks.matchId, matchId));
    if (current?.event === event) return null;
    const [other] = await tx.select({ matchId: uofLinks.matchId }).from(uofLinks).where(eq(uofLinks.event, event));
    if (other) return `UOF event ${event} is linked to match ${other.matchId}, not this provider's match ${matchId}`;
    // A match an operator linked to another event keeps that link.
    if (current) return `match ${matchId} is linked by hand to ${current.event}`;
    await tx.insert(uofLinks).values({ matchId, event, updatedBy: SYNC_ACTOR.name });
    await tx.delete(uofUnlinkedEvents).where(eq(uofUnlinkedEvents.event, event));
    this.note('link', event, 'create', ['uof_event'], match);
    return null;
  }

  /** The audit rows of the teams and matches written (history, as an operator's edit) and their change notices, in the transaction. */
  async audit(): Promise<Change[]> {
    const { tx } = this;
    const notices: Change[] = [];
    for (const w of this.written) {
      const after = await readRow(tx, w.entity, w.id);
      await tx.insert(auditLog).values({
        actorId: SYNC_ACTOR.id,
        actorName: SYNC_ACTOR.name,
        entity: w.entity,
        entityId: w.id,
        matchId: w.matchId,
        action: w.action,
        version: (after?.version as number | undefined) ?? null,
        before: w.before,
        after,
      });
      if (w.entity === 'match') {
        const notice = matchWriteNotice([w.id], { id: w.id, actor: SYNC_ACTOR });
        if (notice) notices.push(notice);
      }
    }
    notices.push(...noticesOf(this.written.map((w) => ({ ...w, providerId: this.providerId, actor: SYNC_ACTOR }))));
    await recordNotices(tx, notices);
    return notices;
  }
}
