import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply, ProviderSportQuery, Sort, SuccessReply } from '../common';
import { Contact, ContactCreateInput, ContactInput, ContactsReply } from '../entities/contact';
import { ContactList, Segment } from '../entities/segment';
import { defineRoute } from './define';

const ContactParams = Type.Object({ contactId: IdParam });
const ByProvider = Type.Object({ provider: Type.Optional(IdParam) });

export const contactRoutes = {
  contacts: defineRoute({
    method: 'GET',
    path: '/api/1/contacts',
    service: 'control',
    summary: 'Contacts (delivery targets); the reply names them items (SPEC §7).',
    query: Type.Object({ ...ListQuery, ...ProviderSportQuery, sort: Type.Optional(Sort) }),
    reply: ContactsReply,
  }),
  contact: defineRoute({
    method: 'GET',
    path: '/api/1/contact/:contactId',
    service: 'control',
    summary: 'One contact.',
    params: ContactParams,
    reply: Contact,
  }),
  contactCreate: defineRoute({
    // Path chosen: §7 gives "POST contact create" without a path.
    method: 'POST',
    path: '/api/1/contact',
    service: 'control',
    summary: "Create a contact of the provider (default 1); fields left out take SPEC §3's defaults.",
    query: ByProvider,
    body: ContactCreateInput,
    reply: Contact,
  }),
  contactUpdate: defineRoute({
    // Path chosen: §7 gives "POST contact update" without a path.
    method: 'POST',
    path: '/api/1/contact/:contactId',
    service: 'control',
    summary: 'Update a contact with the whole record.',
    params: ContactParams,
    body: ContactInput,
    reply: Contact,
  }),
  contactDelete: defineRoute({
    // Path chosen: §7 gives "DELETE contact" without a path.
    method: 'DELETE',
    path: '/api/1/contact/:contactId',
    service: 'control',
    summary: 'Delete a contact.',
    params: ContactParams,
    reply: SuccessReply,
  }),
  contactToggleActive: defineRoute({
    // Path chosen: §7 gives "POST toggleactive" without a path.
    method: 'POST',
    path: '/api/1/contact/:contactId/toggleactive',
    service: 'control',
    summary: 'Activate or deactivate a contact; returns it.',
    params: ContactParams,
    reply: Contact,
  }),
  segments: defineRoute({
    method: 'GET',
    path: '/api/1/segments/:contactId',
    service: 'control',
    summary: "Segments a provider's contact can target.",
    params: ContactParams,
    query: ByProvider,
    reply: ListReply(Segment),
  }),
  lists: defineRoute({
    // Path chosen: §7 gives "GET lists (by provider)"; the provider goes in the query, as for segments.
    method: 'GET',
    path: '/api/1/lists',
    service: 'control',
    summary: "A provider's lists, shown in the contact form as 'id : name'.",
    query: ByProvider,
    reply: ListReply(ContactList),
  }),
};
