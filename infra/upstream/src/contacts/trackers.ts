import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ListReply, Tracker, TrackerInput } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { contacts, leagues, matches, trackers } from '../db/schema';
import { Errors } from '../errors';
import { orderBy, pageSize } from '../db/paging';
import { ofProvider } from './contacts';
import { checkLanguages, providerOrNotFound } from './rules';

const sortable = {
  id: trackers.id,
  contact: contacts.name,
  language: trackers.language,
  model_type: trackers.modelType,
  model_id: trackers.modelId,
  active: trackers.active,
  created_at: trackers.createdAt,
};

function baseSelect(db: Db) {
  return db.select({ tracker: trackers, contactName: contacts.name }).from(trackers).innerJoin(contacts, eq(contacts.id, trackers.contactId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

const toTracker = ({ tracker, contactName }: Row): Tracker => ({
  id: tracker.id,
  version: tracker.version,
  contact_id: tracker.contactId,
  contact: { id: tracker.contactId, name: contactName },
  language: tracker.language as Tracker['language'],
  model_type: tracker.modelType as Tracker['model_type'],
  model_id: tracker.modelId,
  active: tracker.active,
  spec: tracker.spec,
});

export interface TrackersQuery {
  providerId: number;
  sportId?: number;
  start?: number;
  limit?: number;
  order_by?: string;
  order_dir?: 'asc' | 'desc';
}

/** The /trackers list: trackers of the provider's contacts (of one sport when asked), newest first. */
export async function listTrackers(db: Db, query: TrackersQuery): Promise<ListReply<Tracker>> {
  const limit = pageSize(query.limit);
  const where = ofProvider(query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    baseSelect(db)
      .where(where)
      .orderBy(...orderBy(sortable, '-created_at', trackers.id, query.order_by, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(trackers)
      .innerJoin(contacts, eq(contacts.id, trackers.contactId))
      .where(where),
  ]);
  return { results: rows.map(toTracker), total, limit };
}

/** Trackers that follow a match: on the match itself (M) or on its league (L); of them, only `ids` when given. */
export async function matchTrackers(db: Db, matchId: number, ids?: number[]): Promise<ListReply<Tracker>> {
  const [match] = await db.select({ leagueId: matches.leagueId }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new Errors.NotFound('Match', matchId);
  const rows = await baseSelect(db)
    .where(
      and(
        or(and(eq(trackers.modelType, 'M'), eq(trackers.modelId, matchId)), and(eq(trackers.modelType, 'L'), eq(trackers.modelId, match.leagueId))),
        ids && inArray(trackers.id, ids),
      ),
    )
    .orderBy(trackers.id);
  return { results: rows.map(toTracker), total: rows.length, limit: Math.max(1, rows.length) };
}

export async function getTracker(db: Db, trackerId: number): Promise<Tracker | null> {
  const [row] = await baseSelect(db).where(eq(trackers.id, trackerId));
  return row ? toTracker(row) : null;
}

/**
 * The rules of a tracker, on create and save: its contact must exist; its language must be one the
 * contact's provider offers; what it follows (a match for M, a league for L) must be the provider's.
 */
async function checkTracker(db: Queryable, input: TrackerInput): Promise<void> {
  const [contact] = await db.select({ providerId: contacts.providerId }).from(contacts).where(eq(contacts.id, input.contact_id));
  if (!contact) throw new Errors.BadRequest(`Contact ${input.contact_id} does not exist.`);
  const provider = await providerOrNotFound(db, contact.providerId);
  checkLanguages(provider, [input.language]);
  const table = input.model_type === 'M' ? matches : leagues;
  const [model] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, input.model_id), eq(table.providerId, provider.id)));
  if (!model) {
    throw new Errors.BadRequest(`${input.model_type === 'M' ? 'Match' : 'League'} ${input.model_id} does not exist for ${provider.name}.`);
  }
}

const columnsOf = (input: TrackerInput) => ({
  contactId: input.contact_id,
  language: input.language,
  modelType: input.model_type,
  modelId: input.model_id,
  active: input.active,
  spec: input.spec,
});

/** Creates a tracker (the rules of checkTracker), in one transaction. */
export async function createTracker(db: Db, input: TrackerInput): Promise<Tracker> {
  const id = await db.transaction(async (tx) => {
    await checkTracker(tx, input);
    const [row] = await tx.insert(trackers).values(columnsOf(input)).returning({ id: trackers.id });
    return row!.id;
  });
  return (await getTracker(db, id))!;
}

/** Saves the whole tracker (the rules of checkTracker). */
export async function saveTracker(db: Db, trackerId: number, input: TrackerInput): Promise<Tracker> {
  const [existing] = await db.select({ id: trackers.id }).from(trackers).where(eq(trackers.id, trackerId));
  if (!existing) throw new Errors.NotFound('Tracker', trackerId);
  await checkTracker(db, input);
  await db.update(trackers).set(columnsOf(input)).where(eq(trackers.id, trackerId));
  return (await getTracker(db, trackerId))!;
}
