import { asc, eq } from 'drizzle-orm';
import type { AuditActor, UofMarketMapping, UofMarketMappingInput } from '@odds/protocol';
import type { Db } from '../../db/client';
import { auditLog, marketTypes, uofMarketMap } from '../../db/schema';
import { Errors } from '../../errors';

type Row = typeof uofMarketMap.$inferSelect;

const present = (row: Row): UofMarketMapping => ({
  uof_market_id: row.uofMarketId,
  type_id: row.typeId,
  line_specifier: row.lineSpecifier,
  name: row.name,
  outcomes: Object.entries(row.outcomes).map(([id, key]) => ({ id, key })),
});

/** The mapping in force, by UOF market id (the adapter reads the same table). */
export async function listMappings(db: Db): Promise<UofMarketMapping[]> {
  return (await db.select().from(uofMarketMap).orderBy(asc(uofMarketMap.uofMarketId))).map(present);
}

/**
 * Adds or changes the mapping of a UOF market, in one transaction with its audit row. The market
 * type must exist and every outcome key must be one of its outcomes; a UOF outcome id or an outcome
 * key may appear once (two UOF outcomes on one key would give one offer two prices for it).
 */
export async function saveMapping(db: Db, uofMarketId: number, input: UofMarketMappingInput, actor: AuditActor): Promise<UofMarketMapping> {
  return db.transaction(async (tx) => {
    const [type] = await tx.select().from(marketTypes).where(eq(marketTypes.id, input.type_id));
    if (!type) throw new Errors.BadRequest(`Market type ${input.type_id} does not exist.`);
    const ids = new Set<string>();
    const keys = new Map<string, string>();
    for (const { id, key } of input.outcomes) {
      if (ids.has(id)) throw new Errors.BadRequest(`UOF outcome ${id} is mapped twice.`);
      if (!type.outcomes.includes(key))
        throw new Errors.BadRequest(`'${key}' is not an outcome of market type ${type.id} (${type.name}); its outcomes are ${type.outcomes.join(', ')}.`);
      if (keys.has(key)) throw new Errors.BadRequest(`Outcome ${key} is mapped from two UOF outcomes (${keys.get(key)} and ${id}).`);
      ids.add(id);
      keys.set(key, id);
    }
    const values = {
      typeId: type.id,
      lineSpecifier: input.line_specifier,
      outcomes: Object.fromEntries(input.outcomes.map((o) => [o.id, o.key])),
      name: input.name.trim(),
    };
    if (!values.name) throw new Errors.BadRequest('The mapping needs a name.');
    const [before] = await tx.select().from(uofMarketMap).where(eq(uofMarketMap.uofMarketId, uofMarketId)).for('update');
    const [after] = await tx
      .insert(uofMarketMap)
      .values({ uofMarketId, ...values })
      .onConflictDoUpdate({ target: uofMarketMap.uofMarketId, set: values })
      .returning();
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorName: actor.name,
      entity: 'uof_market_map',
      entityId: uofMarketId,
      matchId: null,
      action: before ? 'update' : 'create',
      version: null,
      before: before ? present(before) : null,
      after: present(after!),
    });
    return present(after!);
  });
}

/** Removes a UOF market's mapping (404 when it has none), audited; its messages then count as unknown markets. */
export async function deleteMapping(db: Db, uofMarketId: number, actor: AuditActor): Promise<UofMarketMapping> {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(uofMarketMap).where(eq(uofMarketMap.uofMarketId, uofMarketId)).returning();
    if (!before) throw new Errors.NotFound('UOF market mapping', uofMarketId);
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorName: actor.name,
      entity: 'uof_market_map',
      entityId: uofMarketId,
      matchId: null,
      action: 'delete',
      version: null,
      before: present(before),
      after: null,
    });
    return present(before);
  });
}
