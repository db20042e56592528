import { routes, type ChannelCredentials, type ChannelTestReply } from '@odds/protocol';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';

/**
 * The provider's vendor channels for /settings (admins only): their state and forms, save (secrets
 * sent only when typed: an empty one keeps the stored secret), remove, and Send test.
 */
export function useChannels(providerId: number) {
  const [channels, setChannels] = useState<ChannelCredentials[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [tests, setTests] = useState<Record<string, ChannelTestReply>>({});

  const load = useCallback(async () => {
    try {
      setChannels((await api(routes.channelCredentials, { params: { providerId } })).results);
    } catch {
      setChannels([]);
    }
  }, [providerId]);

  useEffect(() => {
    void load();
  }, [load]);

  const run = useCallback(
    async (vendor: string, work: () => Promise<unknown>) => {
      setBusy(vendor);
      try {
        await work();
      } catch {
        // The API client has shown why; the reload shows where things stand.
      } finally {
        setBusy(null);
        await load();
      }
    },
    [load],
  );

  const save = (channel: ChannelCredentials, settings: Record<string, string>, secrets: Record<string, string>) =>
    run(channel.vendor, () =>
      api(routes.channelCredentialsSave, { params: { providerId }, body: { vendor: channel.vendor, settings, secrets, version: channel.version } }),
    );
  const remove = (channel: ChannelCredentials) =>
    run(channel.vendor, () => api(routes.channelCredentialsRemove, { params: { providerId }, query: { vendor: channel.vendor } }));
  const test = (channel: ChannelCredentials, recipient: string) =>
    run(channel.vendor, async () => {
      const reply = await api(routes.channelTest, { params: { providerId }, body: { vendor: channel.vendor, recipient } });
      setTests((current) => ({ ...current, [channel.vendor]: reply }));
    });
  return { channels, busy, tests, save, remove, test };
}
