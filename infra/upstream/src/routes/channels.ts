import type { FastifyInstance } from 'fastify';
import { routes, type ChannelTestReply } from '@odds/protocol';
import type { Db } from '../db/client';
import { Errors } from '../errors';
import { requireAdmin } from '../http/auth';
import { implement } from '../http/implement';
import type { ChannelOutcome } from '../engine/channels/adapter';
import { listChannels, markChannel, openChannel, removeChannel, saveChannel } from '../engine/channels/credentials';
import { VENDORS } from '../engine/channels/registry';
import { fallbackChannelSettings, type ChannelSettings } from '../engine/channels/settings';

/**
 * A provider's channel credentials (docs/channels.md), for admins only: list, save, remove, and
 * "Send test", which calls the vendor for real with the saved credentials and answers its
 * outcome (a refusal of the credentials marks the channel failing, a send marks it configured).
 */
export async function channelRoutes(app: FastifyInstance, { db, channels }: { db: Db; channels?: ChannelSettings }) {
  // An app built without channel settings (a test's): a throwaway key, the real vendors' hosts.
  const settings = channels ?? fallbackChannelSettings();

  implement(app, routes.channelCredentials, async ({ params, user }) => {
    requireAdmin(user);
    const results = await listChannels(db, params.providerId);
    return { results, total: results.length, limit: results.length };
  });

  implement(app, routes.channelCredentialsSave, async (call) => {
    requireAdmin(call.user);
    return saveChannel(app.writes, call, call.params.providerId, call.body.vendor, call.body, settings.secretsKey);
  });

  implement(app, routes.channelCredentialsRemove, async (call) => {
    requireAdmin(call.user);
    await removeChannel(app.writes, call, call.params.providerId, call.query.vendor);
    return { success: true };
  });

  implement(app, routes.channelTest, async ({ params: { providerId }, body, user }) => {
    requireAdmin(user);
    const { vendor } = body;
    const entry = VENDORS[vendor];
    if (!entry) throw new Errors.NotFound('Channel vendor', vendor);
    let opened: Awaited<ReturnType<typeof openChannel>>;
    try {
      opened = await openChannel(db, providerId, vendor, settings.secretsKey);
    } catch (error) {
      throw new Errors.BadRequest(`${entry.name}: ${(error as Error).message}`);
    }
    if (!opened) throw new Errors.ChannelNotConfigured(entry.name);
    const text = body.recipient.trim();
    const recipient = text.startsWith('topic:') ? { kind: 'topic' as const, value: text.slice(6) } : { kind: entry.recipientKind, value: text };
    const now = Date.now();
    let outcome: ChannelOutcome;
    try {
      outcome = await entry.adapter.send(
        {
          deliveryId: 0,
          idempotencyKey: `test-${now}`,
          matchId: 0,
          marketId: 0,
          language: 'en',
          recipient,
          log: { subject: 'Test message', body: `A test message from the odds console (${entry.name}).`, cta: null, content: null },
          expiresAtMs: now + 300_000,
          collapseKey: 'console-test',
          link: null,
          payload: { test: true },
        },
        opened.values as never,
        {
          baseUrl: settings.urls[vendor] ?? entry.baseUrl.default,
          ...(settings.tokenUrls[vendor] && { tokenUrl: settings.tokenUrls[vendor] }),
          ca: settings.cas[vendor] ?? null,
          signal: AbortSignal.timeout(10_000),
          now: Date.now,
        },
      );
    } catch (error) {
      outcome = { kind: 'retry', error: `${entry.name}: ${(error as Error).name}` };
    }
    let state: ChannelTestReply['state'] = opened.state;
    if (outcome.kind === 'misconfigured') {
      state = 'failing';
      await markChannel(db, opened.id, state, outcome.error);
    } else if (outcome.kind === 'sent' && state === 'failing') {
      state = 'configured';
      await markChannel(db, opened.id, state, null);
    }
    return {
      outcome: outcome.kind,
      error: outcome.kind === 'sent' ? null : outcome.error,
      vendor_id: outcome.kind === 'sent' ? (outcome.vendorId ?? null) : null,
      state,
    };
  });
}
