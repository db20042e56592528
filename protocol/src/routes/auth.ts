import { SuccessReply } from '../common';
import { AuthReply, Credentials, SessionReply } from '../entities/auth';
import { defineRoute } from './define';

export const authRoutes = {
  authenticate: defineRoute({
    method: 'POST',
    path: '/api/1/authenticate',
    service: 'auth',
    public: true,
    summary: 'Log in with email and password; returns a token to send as `Authorization: Token <token>`.',
    body: Credentials,
    reply: AuthReply,
  }),
  session: defineRoute({
    method: 'GET',
    path: '/api/1/session',
    service: 'auth',
    summary: 'The user a token belongs to and when it expires (used by the relay to check sockets).',
    reply: SessionReply,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/1/logout',
    service: 'auth',
    summary: 'Revoke the token of this request (no body).',
    reply: SuccessReply,
  }),
};
