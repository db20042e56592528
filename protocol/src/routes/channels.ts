import { Type } from 'typebox';
import { IdParam, ListReply, SuccessReply } from '../common';
import { ChannelCredentials, ChannelCredentialsInput, ChannelTestInput, ChannelTestReply, ChannelVendor } from '../entities/channel-credentials';
import { defineRoute } from './define';

const ProviderParams = Type.Object({ providerId: IdParam });
const VendorQuery = Type.Object({ vendor: ChannelVendor });

/**
 * A provider's channel credentials (docs/channels.md). Admins only (403 for anyone else): they
 * hold the keys to the provider's app, bot and accounts. Secrets are never in a reply.
 */
export const channelRoutes = {
  channelCredentials: defineRoute({
    method: 'GET',
    path: '/api/1/providers/:providerId/channels',
    service: 'control',
    summary:
      'Admins only: every vendor channel of the provider, its state (configured / failing with the last error / not configured), its non-secret settings and form.',
    params: ProviderParams,
    reply: ListReply(ChannelCredentials),
  }),
  channelCredentialsSave: defineRoute({
    method: 'PUT',
    path: '/api/1/providers/:providerId/channels',
    service: 'control',
    summary: 'Admins only: save a channel’s credentials (versioned, audited without secrets); an empty secret keeps the stored one.',
    params: ProviderParams,
    body: ChannelCredentialsInput,
    reply: ChannelCredentials,
  }),
  channelCredentialsRemove: defineRoute({
    method: 'DELETE',
    path: '/api/1/providers/:providerId/channels',
    service: 'control',
    summary: 'Admins only: remove a channel’s credentials; its contacts are suppressed ("channel not configured") from then on.',
    params: ProviderParams,
    query: VendorQuery,
    reply: SuccessReply,
  }),
  channelTest: defineRoute({
    method: 'POST',
    path: '/api/1/providers/:providerId/channels/test',
    service: 'control',
    summary: 'Admins only: send a test message to a recipient the admin names, through the vendor for real; answers the vendor’s outcome.',
    params: ProviderParams,
    body: ChannelTestInput,
    reply: ChannelTestReply,
  }),
};
