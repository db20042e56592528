import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts } from '../../db/schema';
import { versionedWrite } from '../../coedit/versioned';

/** The engine, as the actor of the writes it makes itself (History shows it). */
const ENGINE_ACTOR = { id: null, name: 'Engine' } as const;

/**
 * A recipient the vendor says is gone for good (token unregistered, bot blocked): its contact is
 * deactivated with the vendor's reason, as a versioned, audited write of the engine (History
 * shows who and why; the change notice reaches the consoles through the outbox). A contact
 * already inactive is left alone. Returns whether it was deactivated.
 */
export async function retireContact(db: Db, contactId: number, reason: string): Promise<boolean> {
  const [contact] = await db.select({ active: contacts.active }).from(contacts).where(eq(contacts.id, contactId));
  if (!contact?.active) return false;
  // The outbox sweep publishes the notice: nothing to wake here.
  const store = { db, notices: { committed: async () => undefined } };
  const changed = await versionedWrite(store, { entity: 'contact', actor: ENGINE_ACTOR, targets: [{ id: contactId, expected: null }] }, (tx) =>
    tx
      .update(contacts)
      .set({ active: false, inactiveReason: reason.slice(0, 500) })
      .where(and(eq(contacts.id, contactId), eq(contacts.active, true)))
      .returning({ id: contacts.id }),
  );
  return changed.length > 0;
}

/**
 * A recipient the vendor moved (a Telegram group upgraded to a supergroup has a new chat id): the
 * contact's device id becomes the new address, as a versioned, audited write of the engine, so
 * the next delivery goes there directly. A contact whose device id changed meanwhile is left
 * alone. Returns whether it was updated.
 */
export async function moveContact(db: Db, contactId: number, from: string, to: string): Promise<boolean> {
  const store = { db, notices: { committed: async () => undefined } };
  const changed = await versionedWrite(store, { entity: 'contact', actor: ENGINE_ACTOR, targets: [{ id: contactId, expected: null }] }, (tx) =>
    tx
      .update(contacts)
      .set({ deviceId: to })
      .where(and(eq(contacts.id, contactId), eq(contacts.deviceId, from)))
      .returning({ id: contacts.id }),
  );
  return changed.length > 0;
}
