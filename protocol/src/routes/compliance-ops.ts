import { SendStop, SendStopInput, SendStopsReply, SuppressionsToday } from '../entities/send-stop';
import { defineRoute } from './define';

/**
 * The kill switch and today's suppressions (docs/compliance-operations.md). Reading the switch is
 * for every operator (each console shows a banner while sends are stopped); throwing it, resuming
 * and the suppression counts are for admins (403 for anyone else).
 */
export const complianceOpsRoutes = {
  sendStops: defineRoute({
    method: 'GET',
    path: '/api/1/compliance/stops',
    service: 'control',
    summary: 'The kill switch of the deployment and of each provider: stopped or not, why, by whom and when, and its version.',
    reply: SendStopsReply,
  }),
  sendStopSave: defineRoute({
    method: 'POST',
    path: '/api/1/compliance/stops',
    service: 'control',
    summary:
      'Admins only: stop every send of a provider (or of the whole deployment, provider_id null), with a reason, or resume them; versioned and audited. Effective on every engine worker within a second.',
    body: SendStopInput,
    reply: SendStop,
  }),
  suppressionsToday: defineRoute({
    method: 'GET',
    path: '/api/1/compliance/suppressions/today',
    service: 'control',
    summary: 'Admins only: the suppressions stored today (the deployment’s time zone, DEPLOYMENT_TIME_ZONE), counted per provider and reason.',
    reply: SuppressionsToday,
  }),
};
