import { Type } from 'typebox';
import { IdParam } from '../common';
import { Provider, ProviderActiveInput, ProviderControl } from '../entities/provider';
import { defineRoute } from './define';

const ProviderParams = Type.Object({ providerId: IdParam });

/**
 * SPEC §4: activating a provider updates the provider resource, then the provider control resource.
 * §7 gives no paths for either; these were chosen.
 */
export const providerRoutes = {
  providerUpdate: defineRoute({
    // Path chosen: §7 gives none.
    method: 'POST',
    path: '/api/1/providers/:providerId',
    service: 'event store',
    summary: 'Activate or deactivate a provider.',
    params: ProviderParams,
    body: ProviderActiveInput,
    reply: Provider,
  }),
  providerControlUpdate: defineRoute({
    // Path chosen: §7 gives none.
    method: 'POST',
    path: '/api/1/providers/:providerId/control',
    service: 'control',
    summary: "Start or stop the engine's work for a provider (sent after the provider update).",
    params: ProviderParams,
    body: ProviderActiveInput,
    reply: ProviderControl,
  }),
};
