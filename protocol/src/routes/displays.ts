import { Type } from 'typebox';
import { IdParam, ListQuery, ListReply } from '../common';
import { Display, DisplayCreated, DisplayInput } from '../entities/display';
import { defineRoute } from './define';

export const displayRoutes = {
  displays: defineRoute({
    method: 'GET',
    path: '/api/1/displays',
    service: 'auth',
    summary: 'Wall displays, newest first, revoked ones included (who created and revoked each).',
    query: Type.Object({ ...ListQuery }),
    reply: ListReply(Display),
  }),
  displayCreate: defineRoute({
    method: 'POST',
    path: '/api/1/displays',
    service: 'auth',
    summary: 'Create a wall display: a read-only token for a wall screen, returned once with its address.',
    body: DisplayInput,
    reply: DisplayCreated,
  }),
  displayRevoke: defineRoute({
    method: 'POST',
    path: '/api/1/displays/:displayId/revoke',
    service: 'auth',
    summary: 'Revoke a display: its token stops working at once and its walls show that they were revoked.',
    params: Type.Object({ displayId: IdParam }),
    reply: Display,
  }),
};
