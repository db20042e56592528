import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DISPLAY_FRAGMENT_KEY, type Display, type DisplayCreated, type DisplayInput, type DisplaySession, type ListReply, type User } from '@odds/protocol';
import type { Db } from '../db/client';
import { displays, leagues, users } from '../db/schema';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A display's session is good for this long before its holder (the relay) should ask again. */
export const DISPLAY_RECHECK_MS = 24 * 60 * 60 * 1000;
/** How often a wall's last sighting is written (every check would be a write per poll). */
const SEEN_EVERY_MS = 60_000;

export interface DisplayPrincipal {
  display: DisplaySession;
  /** The operator who created the display: the reads it makes are that operator's. */
  user: User;
}

const creator = alias(users, 'creator');
const revoker = alias(users, 'revoker');

/**
 * Wall displays: read-only tokens for wall-mounted screens. The token is shown once; only its
 * SHA-256 is stored. A display does not expire; it is revoked, and then refused at once.
 */
export class DisplayStore {
  private readonly cache = new Map<string, { principal: DisplayPrincipal; until: number }>();
  private readonly seen = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly cacheMs = 5_000,
  ) {}

  async create(input: DisplayInput, by: User): Promise<DisplayCreated> {
    const token = randomBytes(32).toString('base64url');
    const { name, ...config } = input;
    const [row] = await this.db
      .insert(displays)
      .values({ name: name.trim(), tokenHash: sha256(token), config, createdBy: by.id })
      .returning({ id: displays.id });
    const display = await this.get(row!.id);
    return { display: display!, token, path: `/wall#${DISPLAY_FRAGMENT_KEY}=${token}` };
  }

  async list(start = 0, limit = 50): Promise<ListReply<Display>> {
    const [total] = await this.db.select({ n: count() }).from(displays);
    const rows = await this.query().orderBy(desc(displays.createdAt), desc(displays.id)).offset(start).limit(limit);
    return { results: rows.map(toDisplay), total: total?.n ?? 0, limit };
  }

  async get(id: number): Promise<Display | null> {
    const [row] = await this.query().where(eq(displays.id, id));
    return row ? toDisplay(row) : null;
  }

  /**
   * Revokes a display (idempotent: a second revoke keeps the first's actor and time). Returns the
   * display and, when this call revoked it, its token's hash, which names it in revocation notices.
   */
  async revoke(id: number, by: User): Promise<{ display: Display | null; revokedHash: string | null }> {
    const [row] = await this.db
      .update(displays)
      .set({ revokedBy: by.id, revokedAt: new Date() })
      .where(and(eq(displays.id, id), isNull(displays.revokedAt)))
      .returning({ tokenHash: displays.tokenHash });
    if (row) this.cache.delete(row.tokenHash);
    return { display: await this.get(id), revokedHash: row?.tokenHash ?? null };
  }

  /** The display a token belongs to, or null when it is unknown or revoked. */
  async check(token: string): Promise<DisplayPrincipal | null> {
    const hash = sha256(token);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.until > now) return cached.principal;
    this.cache.delete(hash);
    const [row] = await this.db
      .select({ id: displays.id, name: displays.name, config: displays.config, userId: users.id, email: users.email, userName: users.name })
      .from(displays)
      .innerJoin(users, eq(users.id, displays.createdBy))
      .where(and(eq(displays.tokenHash, hash), isNull(displays.revokedAt)));
    if (!row) return null;
    const league = row.config.league_id === null ? undefined : await this.leagueOf(row.config.league_id);
    const principal: DisplayPrincipal = {
      display: { id: row.id, name: row.name, config: row.config, ...(league && { league }) },
      user: { id: row.userId, email: row.email, name: row.userName },
    };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(hash, { principal, until: now + this.cacheMs });
    await this.markSeen(row.id, now);
    return principal;
  }

  private async leagueOf(id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db.select({ id: leagues.id, name: leagues.name }).from(leagues).where(eq(leagues.id, id));
    return row;
  }

  private async markSeen(id: number, now: number): Promise<void> {
    if ((this.seen.get(id) ?? 0) > now - SEEN_EVERY_MS) return;
    this.seen.set(id, now);
    await this.db
      .update(displays)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(displays.id, id));
  }

  private query() {
    return this.db
      .select({
        id: displays.id,
        name: displays.name,
        config: displays.config,
        createdAt: displays.createdAt,
        revokedAt: displays.revokedAt,
        lastSeenAt: displays.lastSeenAt,
        creatorId: creator.id,
        creatorName: creator.name,
        revokerId: revoker.id,
        revokerName: revoker.name,
      })
      .from(displays)
      .innerJoin(creator, eq(creator.id, displays.createdBy))
      .leftJoin(revoker, eq(revoker.id, displays.revokedBy))
      .$dynamic();
  }
}

type Row = Awaited<ReturnType<ReturnType<DisplayStore['query']>['execute']>>[number];

function toDisplay(row: Row): Display {
  return {
    id: row.id,
    name: row.name,
    config: row.config,
    created_by: { id: row.creatorId, name: row.creatorName },
    created_at: row.createdAt.toISOString(),
    revoked_by: row.revokerId === null || row.revokerName === null ? null : { id: row.revokerId, name: row.revokerName },
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
  };
}
