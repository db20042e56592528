import type { FastifyInstance } from 'fastify';
import { DEFAULT_PROVIDER_ID, routes } from '@odds/protocol';
import { providerLists, providerSegments } from '../contacts/audiences';
import { contactRow, deleteContact, getContact, insertContact, listContacts, toggleContactActive, updateContact } from '../contacts/contacts';
import { checkContactDestinations } from '../contacts/destinations';
import { contactValues, providerOrNotFound } from '../contacts/rules';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { implement } from '../http/implement';
import { providerListQuery } from './provider-list';
import { createOne, writeOne } from '../coedit/versioned';

/** Contacts (delivery targets) and the audiences they can target: the /contacts screens. */
export async function contactRoutes(app: FastifyInstance, { db }: { db: Db }) {
  implement(app, routes.contacts, async ({ query }) =>
    listContacts(db, {
      ...providerListQuery(query),
      ...((query.sort ?? query.order_by) !== undefined && { sort: query.sort ?? query.order_by }),
    }),
  );

  implement(app, routes.contact, async ({ params }) => {
    const contact = await getContact(db, params.contactId);
    if (!contact) throw new Errors.NotFound('Contact', params.contactId);
    return contact;
  });

  implement(app, routes.contactCreate, async (call) => {
    const provider = await providerOrNotFound(db, call.query.provider ?? DEFAULT_PROVIDER_ID);
    const values = await contactValues(db, provider, call.body);
    await checkContactDestinations(values, app.engine.webhooks.policy);
    return createOne(app.writes, call, 'contact', (tx) => insertContact(tx, values));
  });

  // The whole record replaces the stored one; the contact stays with its provider.
  implement(app, routes.contactUpdate, async (call) => {
    const existing = await contactRow(db, call.params.contactId);
    if (!existing) throw new Errors.NotFound('Contact', call.params.contactId);
    const provider = await providerOrNotFound(db, existing.providerId);
    const values = await contactValues(db, provider, call.body);
    await checkContactDestinations(values, app.engine.webhooks.policy);
    return writeOne(app.writes, call, 'contact', existing.id, (tx) => updateContact(tx, existing.id, values));
  });

  implement(app, routes.contactDelete, async (call) =>
    writeOne(
      app.writes,
      call,
      'contact',
      call.params.contactId,
      async (tx) => {
        if (!(await deleteContact(tx, call.params.contactId))) throw new Errors.NotFound('Contact', call.params.contactId);
        return { success: true };
      },
      'delete',
    ),
  );

  implement(app, routes.contactToggleActive, async (call) =>
    writeOne(app.writes, call, 'contact', call.params.contactId, async (tx) => {
      const contact = await toggleContactActive(tx, call.params.contactId);
      if (!contact) throw new Errors.NotFound('Contact', call.params.contactId);
      return contact;
    }),
  );

  // Segments the contact's provider offers; a provider in the query must be the contact's own.
  implement(app, routes.segments, async ({ params, query }) => {
    const contact = await contactRow(db, params.contactId);
    if (!contact) throw new Errors.NotFound('Contact', params.contactId);
    if (query.provider !== undefined && query.provider !== contact.providerId) {
      throw new Errors.BadRequest(`Contact ${contact.id} belongs to provider ${contact.providerId}, not ${query.provider}.`);
    }
    return providerSegments(db, contact.providerId);
  });

  implement(app, routes.lists, async ({ query }) => {
    const provider = await providerOrNotFound(db, query.provider ?? DEFAULT_PROVIDER_ID);
    return providerLists(db, provider.id);
  });
}
