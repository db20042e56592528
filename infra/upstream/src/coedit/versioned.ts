import { desc, and, eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditActor, AuditEntity } from '@odds/protocol';
import type { Db, Tx } from '../db/client';
import type { Change } from '../notices/bus';
import { spans } from '../spans';
import { auditLog } from '../db/schema';
import { expectedVersion, VersionConflict } from './conflict';
import { entities } from './entities';
import type { NoticePublisher } from '../notices/publisher';
import { noticesOf } from './notices';
import { recordNotices } from '../notices/outbox';
import type { Written } from './written';

/**
 * Where an app's versioned writes go: its database, and its publisher of the notices they commit
 * (app.ts decorates the app with it as `app.writes`; route modules pass it to every write).
 */
export interface WriteStore {
  db: Db;
  notices: Pick<NoticePublisher, 'committed'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's database and publisher of change notices, for versioned writes (app.ts). */
    writes: WriteStore;
  }
}

/** One record a write changes: its id, the version the caller read (null: not named), update or delete. */
export interface Target {
  id: number;
  expected: number | null;
  action?: Exclude<AuditAction, 'create'>;
}

type Row = Record<string, unknown>;

async function rows(db: Db | Tx, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The row as stored, locked until the transaction ends, so a concurrent write waits and then sees the new version. */
async function lockRow(tx: Tx, entity: AuditEntity, id: number): Promise<Row | null> {
  const [row] = await rows(tx, sql`select * from ${sql.identifier(entities[entity].table)} where id = ${id} for update`);
  return row ?? null;
}

/** A record as stored (snake_case, as history keeps it): a write that changes another entity reads its `before` with it. */
export async function readRow(tx: Tx, entity: AuditEntity, id: number): Promise<Row | null> {
  const [row] = await rows(tx, sql`select * from ${sql.identifier(entities[entity].table)} where id = ${id}`);
  return row ?? null;
}

/** The last write of a record, for "changed by Ana at 10:02" in a 409. */
export async function lastChange(db: Db | Tx, entity: AuditEntity, id: number): Promise<{ actor: AuditActor; at: string } | null> {
  const [last] = await db
    .select({ actorId: auditLog.actorId, actorName: auditLog.actorName, at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return last ? { actor: { id: last.actorId, name: last.actorName }, at: last.at.toISOString() } : null;
}

/**
 * Builds the 409 for a record that has moved on (or that a write would replace without saying so),
 * with the record as stored: the reply shows it as the API does (the app's presenters, coedit/plugin.ts).
 */
export async function conflictFor(db: Db | Tx, entity: AuditEntity, id: number, message: string): Promise<VersionConflict> {
  const current = await readRow(db as Tx, entity, id);
  const last = await lastChange(db, entity, id);
  return new VersionConflict(message, entity, current, last?.actor ?? null, last?.at ?? null, id);
}

/**
 * The one way a versioned entity is written. In one transaction: each target row is locked and
 * its version compared with the one the caller read (a mismatch is a 409 with the current record,
 * and nothing is written); each version is bumped (a deleted row keeps its last); `write` does the entity's own work (given the
 * transaction); then one audit row per record changed or created (`created` names new ids from
 * the result) holds the actor and the record before and after, and the change notices of the write
 * go into the outbox (notices/outbox.ts), published once it committed (notices/publisher.ts). A write that
 * fails, for whatever reason, rolls all of it back: no change, no version bump, no audit row, no notice.
 */
export function versionedWrite<T>(store: WriteStore, op: VersionedOp<T>, write: (tx: Db) => Promise<T>): Promise<T> {
  // The save's span (docs/tracing.md): the transaction, then the publication of its notices (their spans are its children).
  const attributes = { 'odds.entity': op.entity, 'odds.actor.id': op.actor.id ?? undefined };
  return spans.run(`save ${op.entity}`, { attributes }, () => save(store, op, write));
}

/** What a versioned write changes (versionedWrite). */
interface VersionedOp<T> {
  entity: AuditEntity;
  actor: AuditActor;
  targets: Target[] | ((tx: Tx) => Promise<Target[]>);
  created?: (result: T) => number[];
  /** Records of other entities the write created too (copy from another match: content and sets). */
  alsoCreated?: (result: T) => { entity: AuditEntity; id: number }[];
  /** Records of other entities the write created or changed, with the row before (a threshold set saved as a template). */
  alsoChanged?: (result: T) => { entity: AuditEntity; id: number; before: Row | null }[];
  /** Notices beyond those of the records written (a connector reassign: every match whose header changed). */
  notices?: (result: T) => Change[];
}

async function save<T>(store: WriteStore, op: VersionedOp<T>, write: (tx: Db) => Promise<T>): Promise<T> {
  const { db } = store;
  const spec = entities[op.entity];
  const written: Written[] = [];
  const notices: Change[] = [];
  let outbox: number[] = [];
  const result = await db.transaction(async (tx) => {
    const before = new Map<number, Row>();
    // Targets found by the write itself (a threshold set by market, contact and line) are found in the transaction.
    const targets = typeof op.targets === 'function' ? await op.targets(tx) : op.targets;
    for (const target of targets) {
      const row = await lockRow(tx, op.entity, target.id);
      // A missing record is left to `write`, which answers its own 404.
      if (!row) continue;
      if (target.expected !== null && row.version !== target.expected) {
        throw await conflictFor(
          tx,
          op.entity,
          target.id,
          `${spec.label} ${target.id} was changed by someone else (version ${String(row.version)}, you had ${target.expected}); nothing was saved`,
        );
      }
      before.set(target.id, row);
      if (target.action !== 'delete' && spec.versioned !== false) {
        await tx.execute(sql`update ${sql.identifier(spec.table)} set version = version + 1 where id = ${target.id}`);
      }
    }
    const value = await write(tx as unknown as Db);
    const changes: { entity: AuditEntity; id: number; action: AuditAction; before: Row | null }[] = [
      ...targets
        .filter((t) => before.has(t.id))
        .map((t) => ({ entity: op.entity, id: t.id, action: t.action ?? ('update' as const), before: before.get(t.id)! })),
      ...(op.created?.(value) ?? []).filter((id) => !before.has(id)).map((id) => ({ entity: op.entity, id, action: 'create' as const, before: null })),
      ...(op.alsoCreated?.(value) ?? []).map(({ entity, id }) => ({ entity, id, action: 'create' as const, before: null })),
      ...(op.alsoChanged?.(value) ?? []).map(({ entity, id, before }) => ({ entity, id, action: before ? ('update' as const) : ('create' as const), before })),
    ];
    for (const change of changes) {
      const after = change.action === 'delete' ? null : await readRow(tx, change.entity, change.id);
      // A delete the write refused or skipped leaves the row: only what really changed is history.
      if (change.action === 'delete' && (await readRow(tx, change.entity, change.id))) continue;
      const matchId = entities[change.entity].matchOf?.(after ?? change.before ?? {}) ?? null;
      await tx.insert(auditLog).values({
        actorId: op.actor.id,
        actorName: op.actor.name,
        entity: change.entity,
        entityId: change.id,
        matchId,
        action: change.action,
        version: (after?.version as number | undefined) ?? null,
        before: change.before,
        after,
      });
      const providerId = (await entities[change.entity].providerOf?.(after ?? change.before ?? {}, tx as unknown as Db)) ?? null;
      written.push({ entity: change.entity, id: change.id, matchId, providerId, action: change.action, actor: op.actor });
    }
    // The notices are part of the write: committed with it or not at all.
    notices.push(...noticesOf(written), ...(op.notices?.(value) ?? []));
    outbox = await recordNotices(tx, notices);
    return value;
  });
  if (notices.length) await store.notices.committed(outbox);
  return result;
}

interface CallLike {
  user: { id: number; name: string };
  request: { headers: Record<string, string | string[] | undefined> };
  body?: unknown;
}

export const actorOf = (user: CallLike['user']): AuditActor => ({ id: user.id, name: user.name });

/** A write of one existing record, checked against the version the call names (If-Match or body). */
export function writeOne<T>(
  store: WriteStore,
  call: CallLike,
  entity: AuditEntity,
  id: number,
  write: (tx: Db) => Promise<T>,
  action: Target['action'] = 'update',
): Promise<T> {
  const expected = expectedVersion(call.request.headers, call.body);
  return versionedWrite(store, { entity, actor: actorOf(call.user), targets: [{ id, expected, action }] }, write);
}

/** A write that creates one record (the result names its id); audited like any other. */
export function createOne<T extends { id: number }>(store: WriteStore, call: CallLike, entity: AuditEntity, write: (tx: Db) => Promise<T>): Promise<T> {
  return versionedWrite(store, { entity, actor: actorOf(call.user), targets: [], created: (result) => [result.id] }, write);
}
