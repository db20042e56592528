import { Type } from 'typebox';
import { IdParam, ListReply, SuccessReply } from '../common';
import { AuthReply } from '../entities/auth';
import {
  Operator,
  OperatorAdminInput,
  OperatorInvite,
  OperatorLinkReply,
  OperatorStatusInput,
  PasswordChangeInput,
  PasswordSetInput,
} from '../entities/operator';
import { defineRoute } from './define';

const OperatorParams = Type.Object({ operatorId: IdParam });

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
  passwordChange: defineRoute({
    method: 'POST',
    path: '/api/1/password/change',
    service: 'auth',
    summary: 'Change my own password (the current one is required); my other sessions end.',
    body: PasswordChangeInput,
    reply: SuccessReply,
  }),
};
