import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Contact } from '@odds/protocol';
import { versionedWrite, type WriteStore } from '../coedit/versioned';
import { getContact } from '../contacts/contacts';
import { auditLog, contacts, deliveries } from '../db/schema';
import { Errors } from '../errors';
import { personalValues } from '../engine/compliance/person';
import { keepListed } from './suppression-list';
import { selectRows } from '../db/rows';

/**
 * Erasure on request (GDPR Art. 17; docs/compliance.md "Erasure"), one transaction: the contact's
 * personal fields (name, destinations, customer reference, consents, filter) are removed from it,
 * from its deliveries' logs and errors, and from the history of both; its deliveries and
 * suppressions stay as counts (status, times, figures). Its values are kept on the provider's
 * suppression list as keyed hashes (reason ERASED) so a later import cannot bring the person back;
 * the contact stays, inactive, as "Erased contact {id}". The History row names who erased it and when.
 */

const PERSONAL = ['name', 'email', 'twitter', 'device_id', 'mobile', 'customer_ref', 'raw_filter', 'consents', 'inactive_reason'] as const;
const erasedName = (id: number) => `Erased contact ${id}`;

/** A history row's record with the personal fields replaced (the name by the erased one). */
const scrubJson = (column: AnyColumn, id: number) =>
  sql`case when ${column} is null then null else ${column} || jsonb_build_object('name', ${erasedName(id)}::text, 'email', null, 'twitter', null, 'device_id', null, 'mobile', null, 'customer_ref', null, 'raw_filter', null, 'consents', '[]'::jsonb, 'inactive_reason', null) end`;

const scrubLog = (column: AnyColumn) =>
  sql`case when ${column} is null then null else ${column} || jsonb_build_object('log', coalesce(${column}->'log', '{}'::jsonb) || '{"subject": null, "body": null, "cta": null, "content": null}'::jsonb, 'error', null) end`;

interface Call {
  user: { id: number; name: string };
}

export async function eraseContact(store: WriteStore, call: Call, contactId: number, hashKey: string | null): Promise<Contact> {
  const [existing] = await store.db.select().from(contacts).where(eq(contacts.id, contactId));
  if (!existing) throw new Errors.NotFound('Contact', contactId);
  if (existing.erasedAt) throw new Errors.BadRequest(`Contact ${contactId} was erased already.`);
  await versionedWrite(
    store,
    {
      entity: 'contact',
      actor: { id: call.user.id, name: call.user.name },
      targets: [],
      alsoChanged: (row: Record<string, unknown>) => [{ entity: 'contact', id: contactId, before: row }],
    },
    async (tx) => {
      const [current] = await selectRows<Record<string, unknown>>(tx, sql`select * from contacts where id = ${contactId} for update`);
      if (!current || current.erased_at) throw new Errors.BadRequest(`Contact ${contactId} was erased already.`);
      await keepListed(tx, existing.providerId, personalValues(existing), hashKey, call.user.name);
      await tx
        .update(contacts)
        .set({
          name: erasedName(contactId),
          email: null,
          twitter: null,
          deviceId: null,
          mobile: null,
          customerRef: null,
          rawFilter: null,
          consents: [],
          inactiveReason: null,
          active: false,
          erasedAt: new Date(),
          version: sql`${contacts.version} + 1`,
          lastModified: new Date(),
        })
        .where(eq(contacts.id, contactId));
      const ids = (await tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.contactId, contactId))).map((d) => d.id);
      await tx
        .update(deliveries)
        .set({ log: sql`${deliveries.log} || '{"subject": null, "body": null, "cta": null, "content": null}'::jsonb`, error: null })
        .where(eq(deliveries.contactId, contactId));
      await tx
        .update(auditLog)
        .set({ before: scrubJson(auditLog.before, contactId), after: scrubJson(auditLog.after, contactId) })
        .where(and(eq(auditLog.entity, 'contact'), eq(auditLog.entityId, contactId)));
      if (ids.length)
        await tx
          .update(auditLog)
          .set({ before: scrubLog(auditLog.before), after: scrubLog(auditLog.after) })
          .where(and(eq(auditLog.entity, 'delivery'), inArray(auditLog.entityId, ids)));
      // History's "before" of this write: the record as it was, its personal fields already gone.
      return { ...current, ...Object.fromEntries(PERSONAL.map((key) => [key, key === 'name' ? erasedName(contactId) : key === 'consents' ? [] : null])) };
    },
  );
  return (await getContact(store.db, contactId))!;
}
