import type { FastifyInstance } from 'fastify';
import { routes } from '@odds/protocol';
import { createOne, writeOne } from '../coedit/versioned';
import { getSource, saveSource } from '../compliance/blocks-source-store';
import { eraseContact } from '../compliance/erasure';
import { createRule, deleteRule, listRules, updateRule } from '../compliance/jurisdictions';
import { exportEntries, importEntries, searchEntries } from '../compliance/suppression-list';
import { providerOrNotFound } from '../contacts/rules';
import type { Db } from '../db/client';
import { fallbackChannelSettings, type ChannelSettings } from '../engine/channels/settings';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';

/**
 * The compliance data (docs/compliance.md): jurisdiction rules (read by every operator, written by
 * admins, audited), and, for admins only, a provider's blocks source, its suppression list
 * (import, search by value, export) and the erasure of a contact.
 */
export async function complianceDataRoutes(app: FastifyInstance, { db, channels }: { db: Db; channels?: ChannelSettings }) {
  const settings = (channels ?? fallbackChannelSettings()).compliance;

  implement(app, routes.jurisdictionRules, async () => {
    const results = await listRules(db);
    return { results, total: results.length, limit: Math.max(1, results.length) };
  });

  implement(app, routes.jurisdictionRuleCreate, async (call) => {
    requireAdmin(call.user);
    return createOne(app.writes, call, 'jurisdiction_rule', (tx) => createRule(tx, call.body));
  });

  implement(app, routes.jurisdictionRuleUpdate, async (call) => {
    requireAdmin(call.user);
    return writeOne(app.writes, call, 'jurisdiction_rule', call.params.ruleId, (tx) => updateRule(tx, call.params.ruleId, call.body));
  });

  implement(app, routes.jurisdictionRuleDelete, async (call) => {
    requireAdmin(call.user);
    await writeOne(app.writes, call, 'jurisdiction_rule', call.params.ruleId, (tx) => deleteRule(tx, call.params.ruleId), 'delete');
    return { success: true };
  });

  implement(app, routes.blocksSource, async ({ params, user }) => {
    requireAdmin(user);
    return getSource(db, params.providerId, settings.production);
  });

  implement(app, routes.blocksSourceSave, async (call) => {
    requireAdmin(call.user);
    return saveSource(app.writes, call, call.params.providerId, call.body, settings.secretsKey, settings.production);
  });

  implement(app, routes.suppressionList, async ({ params, query, user }) => {
    requireAdmin(user);
    await providerOrNotFound(db, params.providerId);
    return searchEntries(db, params.providerId, query, settings.hashKey);
  });

  implement(app, routes.suppressionImport, async ({ params, body, user }) => {
    requireAdmin(user);
    await providerOrNotFound(db, params.providerId);
    // One transaction: an import lands whole or not at all.
    return db.transaction((tx) => importEntries(tx, params.providerId, body, settings.hashKey, user.name));
  });

  implement(app, routes.suppressionExport, async ({ params, user }) => {
    requireAdmin(user);
    await providerOrNotFound(db, params.providerId);
    return exportEntries(db, params.providerId);
  });

  implement(app, routes.contactErase, async (call) => {
    requireAdmin(call.user);
    return eraseContact(app.writes, call, call.params.contactId, settings.hashKey);
  });
}
