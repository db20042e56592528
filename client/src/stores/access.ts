import { contextStore, reloadProviders, selectProvider } from './context';
import { checkSession } from './session';

/**
 * An admin changed this operator's role or providers while the console was open (the relay's
 * `sessionChanged`): the session is read again (the role: a viewer's page hides its edit controls
 * at once) and the providers the selector offers; a provider no longer granted is left for the
 * first one that is. The relay reconnects the socket, so every live watch is checked again.
 */
export async function accessChanged(): Promise<void> {
  await checkSession();
  await reloadProviders();
  const { providers, providerId } = contextStore;
  const first = providers[0];
  if (first && !providers.some((provider) => provider.id === providerId)) selectProvider(first.id);
}
