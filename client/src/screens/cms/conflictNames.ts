import { CHANNELS } from '@odds/protocol';

/** An option the conflict dialog names instead of its id: a category, a market, a market type. */
export type Named = { readonly id: number; readonly name?: string | null };

/** Ids as the conflict dialog shows them: their names, `#id` for one no longer among the options. */
export const namesOf = (ids: readonly number[], from: readonly Named[]) => ids.map((id) => from.find((o) => o.id === id)?.name ?? `#${id}`).join(', ');

/** A channel as the conflict dialog shows it: its name. */
export const channelName = (channelId: number) => CHANNELS.find((channel) => channel.id === channelId)?.name ?? channelId;
