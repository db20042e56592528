import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { CHANNELS, type Contact, type ContactsReply, type NamedRef } from '@odds/protocol';
import type { Db, Queryable } from '../db/client';
import { contacts, leagues, teams } from '../db/schema';
import { orderBy, pageSize } from '../db/paging';
import { complianceOf } from '../engine/compliance/contact-fields';

type ContactRow = typeof contacts.$inferSelect;
export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'createdAt' | 'lastModified'>;

const sortable = {
  id: contacts.id,
  name: contacts.name,
  channel: contacts.channelId,
  channel_id: contacts.channelId,
  sport_id: contacts.sportId,
  active: contacts.active,
  sub_all: contacts.subAll,
  rate_limited: contacts.rateLimited,
  email: contacts.email,
  created_at: contacts.createdAt,
  last_modified: contacts.lastModified,
};

export interface ContactsQuery {
  providerId: number;
  sportId?: number;
  start?: number;
  limit?: number;
  sort?: string;
  order_dir?: 'asc' | 'desc';
}

/** Contacts of the provider (of one sport when asked): the filter of the contacts and trackers lists. */
export function ofProvider(query: { providerId: number; sportId?: number }): SQL | undefined {
  const filters: SQL[] = [eq(contacts.providerId, query.providerId)];
  if (query.sportId) filters.push(eq(contacts.sportId, query.sportId));
  return and(...filters);
}

/** The contacts table (SPEC §2): newest first unless sorted otherwise (the generic table's default). */
export async function listContacts(db: Db, query: ContactsQuery): Promise<ContactsReply> {
  const limit = pageSize(query.limit);
  const where = ofProvider(query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(...orderBy(sortable, '-created_at', contacts.id, query.sort, query.order_dir))
      .limit(limit)
      .offset(query.start ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(contacts)
      .where(where),
  ]);
  return { items: await toContacts(db, rows), total, limit };
}

export async function getContact(db: Queryable, contactId: number): Promise<Contact | null> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  return row ? (await toContacts(db, [row]))[0]! : null;
}

export async function contactRow(db: Queryable, contactId: number): Promise<ContactRow | null> {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  return row ?? null;
}

export async function insertContact(db: Db, values: ContactValues): Promise<Contact> {
  const [row] = await db.insert(contacts).values(values).returning();
  return (await toContacts(db, [row!]))[0]!;
}

export async function updateContact(db: Db, contactId: number, values: ContactValues): Promise<Contact> {
  const [row] = await db
    .update(contacts)
    // Activated again by someone: the engine's reason for deactivating it no longer applies.
    .set({ ...values, ...(values.active && { inactiveReason: null }), lastModified: new Date() })
    .where(eq(contacts.id, contactId))
    .returning();
  return (await toContacts(db, [row!]))[0]!;
}

/** Flips active in one statement, so two quick clicks cannot both read the old value. */
export async function toggleContactActive(db: Db, contactId: number): Promise<Contact | null> {
  const [row] = await db
    .update(contacts)
    .set({ active: not(contacts.active), inactiveReason: null, lastModified: new Date() })
    .where(eq(contacts.id, contactId))
    .returning();
  return row ? (await toContacts(db, [row]))[0]! : null;
}

/** Trackers go with the contact (cascade); threshold sets and content for it lose their contact. */
export async function deleteContact(db: Db, contactId: number): Promise<boolean> {
  const deleted = await db.delete(contacts).where(eq(contacts.id, contactId)).returning({ id: contacts.id });
  return deleted.length > 0;
}

/** Rows to replies, naming subscribed leagues and teams with one query each for the whole page. */
async function toContacts(db: Queryable, rows: ContactRow[]): Promise<Contact[]> {
  const leagueIds = [...new Set(rows.flatMap((r) => r.leagueIds))];
  const teamIds = [...new Set(rows.flatMap((r) => r.teamIds))];
  const [leagueNames, teamNames] = await Promise.all([
    leagueIds.length ? db.select({ id: leagues.id, name: leagues.name }).from(leagues).where(inArray(leagues.id, leagueIds)) : [],
    teamIds.length ? db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)) : [],
  ]);
  const named = (ids: number[], names: NamedRef[]) => ids.flatMap((id) => names.filter((n) => n.id === id));
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    name: row.name,
    sport_id: row.sportId,
    channel_id: row.channelId,
    channel: channelOf(row.channelId),
    active: row.active,
    sub_all: row.subAll,
    rate_limited: row.rateLimited,
    email: row.email,
    twitter: row.twitter,
    device_id: row.deviceId,
    segment: row.segment,
    list_id: row.listId,
    mobile: row.mobile,
    raw_filter: row.rawFilter,
    rate_limit_minutes: row.rateLimitMinutes,
    limiter: row.limiter,
    languages: row.languages as Contact['languages'],
    leagues: named(row.leagueIds, leagueNames),
    teams: named(row.teamIds, teamNames),
    // Only on a contact the engine deactivated.
    ...(row.inactiveReason && { inactive_reason: row.inactiveReason }),
    compliance: complianceOf(row),
    ...(row.erasedAt && { erased_at: row.erasedAt.toISOString() }),
  }));
}

/** The channel of an id; ids outside the table (never written by the services) read as push. */
export function channelOf(channelId: number): { id: number; name: string; code: (typeof CHANNELS)[number]['code'] } {
  const channel = CHANNELS.find((c) => c.id === channelId) ?? CHANNELS[0];
  return { id: channel.id, name: channel.name, code: channel.code };
}
