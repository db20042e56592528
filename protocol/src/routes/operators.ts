import { Type } from 'typebox';
import { IdParam, ListReply, SuccessReply } from '../common';
import { AuthReply } from '../entities/auth';
import {
  Operator,
  OperatorAccessInput,
  OperatorAdminInput,
  OperatorInvite,
  OperatorLinkReply,
  OperatorSession,
  OperatorStatusInput,
  PasswordChangeInput,
  PasswordSetInput,
} from '../entities/operator';
import { defineRoute } from './define';

const OperatorParams = Type.Object({ operatorId: IdParam });
const SessionParams = Type.Object({ sessionId: IdParam });

/**
 * Operator accounts. The operator routes are for admins only (403 with SPEC §8's text for anyone
 * else); setting a password from a link is public (the link's token is the credential), changing
 * one's own password is for every operator.
 */
export const operatorRoutes = {
  operators: defineRoute({
    method: 'GET',
    path: '/api/1/operators',
    service: 'auth',
    summary: 'Admins only: every operator account (name, email, admin, status, last sign-in, who created it).',
    reply: ListReply(Operator),
  }),
  operatorInvite: defineRoute({
    method: 'POST',
    path: '/api/1/operators',
    service: 'auth',
    summary:
      'Admins only: invite an operator by email: a pending account and a one-time set-password link valid for 72 hours (also mailed when SMTP is configured).',
    body: OperatorInvite,
    reply: OperatorLinkReply,
  }),
  operatorStatus: defineRoute({
    method: 'POST',
    path: '/api/1/operators/:operatorId/status',
    service: 'auth',
    summary: 'Admins only: disable an operator (their sessions and live connections end at once; they cannot sign in) or enable them again.',
    params: OperatorParams,
    body: OperatorStatusInput,
    reply: Operator,
  }),
  operatorAdmin: defineRoute({
    method: 'POST',
    path: '/api/1/operators/:operatorId/admin',
    service: 'auth',
    summary: 'Admins only: make an operator admin or not; refused when it would leave no active admin.',
    params: OperatorParams,
    body: OperatorAdminInput,
    reply: Operator,
  }),
  operatorAccess: defineRoute({
    method: 'POST',
    path: '/api/1/operators/:operatorId/access',
    service: 'auth',
    summary:
      "Admins only: set an operator's role (admin, editor, viewer) and the providers they see, naming the access_version read (409 when it moved on); takes effect on their open consoles at once.",
    params: OperatorParams,
    body: OperatorAccessInput,
    reply: Operator,
  }),
  operatorResetPassword: defineRoute({
    method: 'POST',
    path: '/api/1/operators/:operatorId/reset-password',
    service: 'auth',
    summary: 'Admins only: a new one-time set-password link for an operator (valid for 72 hours); their sessions end.',
    params: OperatorParams,
    reply: OperatorLinkReply,
  }),
  passwordSet: defineRoute({
    method: 'POST',
    path: '/api/1/password/set',
    service: 'auth',
    public: true,
    summary: 'Choose a password with the token of a one-time link (invite or reset); signs in. A link works once and for 72 hours.',
    body: PasswordSetInput,
    reply: AuthReply,
  }),
  mySessions: defineRoute({
    method: 'GET',
    path: '/api/1/sessions',
    service: 'auth',
    summary: 'My signed-in sessions: where (address, browser) and when (signed in, last seen, expires); the one asking is marked current.',
    reply: Type.Object({ results: Type.Array(OperatorSession) }),
  }),
  mySessionRevoke: defineRoute({
    method: 'POST',
    path: '/api/1/sessions/:sessionId/revoke',
    service: 'auth',
    summary: 'End one of my sessions (its consoles are told and closed at once); ending the one asking is a logout.',
    params: SessionParams,
    reply: SuccessReply,
  }),
  operatorSessions: defineRoute({
    method: 'GET',
    path: '/api/1/operators/:operatorId/sessions',
    service: 'auth',
    summary: "Admins only: an operator's signed-in sessions (where and when).",
    params: OperatorParams,
    reply: Type.Object({ results: Type.Array(OperatorSession) }),
  }),
  operatorSessionRevoke: defineRoute({
    method: 'POST',
    path: '/api/1/operators/:operatorId/sessions/:sessionId/revoke',
    service: 'auth',
    summary: "Admins only: end one of an operator's sessions (its consoles are told and closed at once); on the operator's History.",
    params: Type.Object({ operatorId: IdParam, sessionId: IdParam }),
    reply: SuccessReply,
  }),
  passwordChange: defineRoute({
    method: 'POST',
    path: '/api/1/password/change',
    service: 'auth',
    summary: 'Change my own password (the current one is required); my other sessions end.',
    body: PasswordChangeInput,
    reply: SuccessReply,
  }),
};
