import { eq } from 'drizzle-orm';
import type { JurisdictionRule, JurisdictionRuleInput } from '@odds/protocol';
import type { Db } from '../db/client';
import { jurisdictionRules } from '../db/schema';
import { Errors } from '../errors';

/** The deployment's jurisdiction rules (docs/compliance.md), written through versioned, audited writes by the routes. */

type Row = typeof jurisdictionRules.$inferSelect;

const presentRule = (row: Row): JurisdictionRule => ({
  id: row.id,
  version: row.version,
  jurisdiction: row.jurisdiction,
  forbidden_flags: row.forbiddenFlags as JurisdictionRule['forbidden_flags'],
  quiet_hours: row.quietHours ?? null,
  daily_cap: row.dailyCap,
  note: row.note,
  updated_at: row.updatedAt.toISOString(),
});

const valuesOf = (input: JurisdictionRuleInput) => ({
  jurisdiction: input.jurisdiction,
  forbiddenFlags: [...input.forbidden_flags],
  quietHours: input.quiet_hours,
  dailyCap: input.daily_cap,
  note: input.note?.trim() ?? '',
  updatedAt: new Date(),
});

export async function listRules(db: Db): Promise<JurisdictionRule[]> {
  return (await db.select().from(jurisdictionRules).orderBy(jurisdictionRules.jurisdiction)).map(presentRule);
}

export async function createRule(tx: Db, input: JurisdictionRuleInput): Promise<JurisdictionRule> {
  const [row] = await tx.insert(jurisdictionRules).values(valuesOf(input)).onConflictDoNothing().returning();
  if (!row) throw new Errors.BadRequest(`${input.jurisdiction} has a rule already; edit that one.`);
  return presentRule(row);
}

export async function updateRule(tx: Db, id: number, input: JurisdictionRuleInput): Promise<JurisdictionRule> {
  const [clash] = await tx.select({ id: jurisdictionRules.id }).from(jurisdictionRules).where(eq(jurisdictionRules.jurisdiction, input.jurisdiction));
  if (clash && clash.id !== id) throw new Errors.BadRequest(`${input.jurisdiction} has a rule already (id ${clash.id}); edit that one.`);
  const [row] = await tx.update(jurisdictionRules).set(valuesOf(input)).where(eq(jurisdictionRules.id, id)).returning();
  if (!row) throw new Errors.NotFound('Jurisdiction rule', id);
  return presentRule(row);
}

export async function deleteRule(tx: Db, id: number): Promise<void> {
  const deleted = await tx.delete(jurisdictionRules).where(eq(jurisdictionRules.id, id)).returning({ id: jurisdictionRules.id });
  if (!deleted.length) throw new Errors.NotFound('Jurisdiction rule', id);
}
