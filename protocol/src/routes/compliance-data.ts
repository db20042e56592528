import { Type } from 'typebox';
import { IdParam, ListReply, SuccessReply } from '../common';
import { BlocksSource, BlocksSourceInput } from '../entities/blocks-source';
import { Contact } from '../entities/contact';
import { JurisdictionRule, JurisdictionRuleInput } from '../entities/jurisdiction';
import { SuppressionEntry, SuppressionImport, SuppressionImportReply, SuppressionKind } from '../entities/suppression-list';
import { defineRoute } from './define';

const ProviderParams = Type.Object({ providerId: IdParam });
const RuleParams = Type.Object({ ruleId: IdParam });

/**
 * The compliance data of docs/compliance.md: jurisdiction rules (the deployment's), a provider's
 * blocks source and suppression list, and erasure. Admins only (403 for anyone else); editors and
 * viewers read the jurisdiction rules.
 */
export const complianceDataRoutes = {
  jurisdictionRules: defineRoute({
    method: 'GET',
    path: '/api/1/compliance/jurisdictions',
    service: 'control',
    summary: 'Every jurisdiction rule: forbidden content flags, default quiet hours, daily cap.',
    reply: ListReply(JurisdictionRule),
  }),
  jurisdictionRuleCreate: defineRoute({
    method: 'POST',
    path: '/api/1/compliance/jurisdictions',
    service: 'control',
    summary: 'Admins only: add a jurisdiction’s rule (audited); 409 when the jurisdiction has one.',
    body: JurisdictionRuleInput,
    reply: JurisdictionRule,
  }),
  jurisdictionRuleUpdate: defineRoute({
    method: 'PUT',
    path: '/api/1/compliance/jurisdictions/:ruleId',
    service: 'control',
    summary: 'Admins only: change a jurisdiction’s rule (versioned, audited).',
    params: RuleParams,
    body: JurisdictionRuleInput,
    reply: JurisdictionRule,
  }),
  jurisdictionRuleDelete: defineRoute({
    method: 'DELETE',
    path: '/api/1/compliance/jurisdictions/:ruleId',
    service: 'control',
    summary: 'Admins only: remove a jurisdiction’s rule (audited).',
    params: RuleParams,
    reply: SuccessReply,
  }),
  blocksSource: defineRoute({
    method: 'GET',
    path: '/api/1/providers/:providerId/compliance/source',
    service: 'control',
    summary: 'Admins only: the provider’s blocks and consents source, its state and last error (never its secret).',
    params: ProviderParams,
    reply: BlocksSource,
  }),
  blocksSourceSave: defineRoute({
    method: 'PUT',
    path: '/api/1/providers/:providerId/compliance/source',
    service: 'control',
    summary: 'Admins only: save the provider’s blocks source and "no consent recorded suppresses" (versioned, audited without the secret).',
    params: ProviderParams,
    body: BlocksSourceInput,
    reply: BlocksSource,
  }),
  suppressionList: defineRoute({
    method: 'GET',
    path: '/api/1/providers/:providerId/compliance/suppressions',
    service: 'control',
    summary: 'Admins only: the suppression list, newest first; `value` (with `kind`) finds the entry of that value.',
    params: ProviderParams,
    query: Type.Object({
      value: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
      kind: Type.Optional(SuppressionKind),
      start: Type.Optional(Type.Integer({ minimum: 0 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    }),
    reply: ListReply(SuppressionEntry),
  }),
  suppressionImport: defineRoute({
    method: 'POST',
    path: '/api/1/providers/:providerId/compliance/suppressions',
    service: 'control',
    summary: 'Admins only: import entries or a CSV (kind,value,reason,note); values are stored as keyed hashes; idempotent.',
    params: ProviderParams,
    body: SuppressionImport,
    reply: SuppressionImportReply,
  }),
  suppressionExport: defineRoute({
    method: 'GET',
    path: '/api/1/providers/:providerId/compliance/suppressions/export',
    service: 'control',
    summary: 'Admins only: the whole list as a CSV text (kind,hash,reason,note,created_at): hashes, never values.',
    params: ProviderParams,
    reply: Type.Object({ csv: Type.String(), total: Type.Integer({ minimum: 0 }) }),
  }),
  contactErase: defineRoute({
    method: 'POST',
    path: '/api/1/contact/:contactId/erase',
    service: 'control',
    summary:
      'Admins only: erase a contact’s personal data (the contact and its deliveries’ logs; aggregates kept); its values stay on the suppression list as hashes.',
    params: Type.Object({ contactId: IdParam }),
    reply: Contact,
  }),
};
