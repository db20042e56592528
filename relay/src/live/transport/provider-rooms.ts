import type { FastifyBaseLogger } from 'fastify';
import { isProviderEntity, liveRequestError, providerRoom, routes, type ChangeNotice, type LiveAck, type ProviderChangedPayload } from '@odds/protocol';
import type { UpstreamClient } from '../../upstream';

/** A live connection as provider rooms need it: its token, whether it is a wall display, its rooms. */
export interface ProviderFollower {
  token: string;
  display: boolean;
  rooms: ReadonlySet<string>;
  join(room: string): void;
  leave(room: string): void;
}

export interface ProviderRoomsOptions {
  upstream: UpstreamClient;
  /** Sends an event to the sockets of a room on this instance only (each instance reads the change stream itself). */
  emitLocal(room: string, event: 'changed', payload: ProviderChangedPayload): void;
  /** Tells every socket on this instance to read provider data again. */
  resyncLocal(): void;
  log: FastifyBaseLogger;
  /** How long a provider this token may see is believed (as long as a match's access). */
  cacheMs?: number;
}

const PREFIX = providerRoom(0).replace(/0$/, '');

/**
 * Provider-wide data over the live path (protocol's live-provider.ts). A console follows the
 * provider it works in with `provider {providerId}`: the relay asks the upstream, with the
 * console's own token, whether that token sees the provider, and moves the socket into the
 * provider's room (out of any other). A change notice naming a provider and records of it becomes
 * one `changed` event per record for the sockets of that room. Nothing is polled: the event names
 * the record, the console reads the list again through the API with its own token.
 */
export class ProviderRooms {
  private readonly access = new Map<string, number>();
  private readonly cacheMs: number;

  constructor(private readonly options: ProviderRoomsOptions) {
    this.cacheMs = options.cacheMs ?? 30_000;
  }

  async follow(conn: ProviderFollower, payload: unknown): Promise<LiveAck> {
    const invalid = liveRequestError('provider', payload);
    if (invalid) return { ok: false, error: invalid };
    const { providerId } = payload as { providerId: number };
    if (conn.display) return { ok: false, error: 'A wall display does not follow provider data' };
    const refused = await this.check(conn.token, providerId);
    if (refused) return { ok: false, error: refused };
    const room = providerRoom(providerId);
    for (const joined of [...conn.rooms]) if (joined.startsWith(PREFIX) && joined !== room) conn.leave(joined);
    conn.join(room);
    return { ok: true };
  }

  /** A change notice from the upstream: its provider-wide records, to the consoles following that provider. */
  notice(notice: ChangeNotice): number {
    if (notice.provider_id === undefined || !notice.entities?.length) return 0;
    let sent = 0;
    for (const changed of notice.entities) {
      if (!isProviderEntity(changed.entity)) continue;
      this.options.emitLocal(providerRoom(notice.provider_id), 'changed', {
        providerId: notice.provider_id,
        entity: changed.entity,
        id: changed.id,
        action: changed.action ?? 'update',
        actor: changed.actor,
        at: notice.at,
      });
      sent++;
    }
    return sent;
  }

  /**
   * The change stream is back after being away: notices of the gap may be lost (an upstream
   * restart empties its replay buffer), so every console reads its provider data again.
   */
  resync(): void {
    this.options.resyncLocal();
  }

  /** Forgets which providers a token sees (its operator's providers changed): its next follow asks again. */
  forgetToken(token: string): void {
    for (const key of this.access.keys()) if (key.startsWith(`${token}:`)) this.access.delete(key);
  }

  /** Null when the token sees the provider, else why not (shown to the operator as-is). */
  private async check(token: string, providerId: number): Promise<string | null> {
    const key = `${token}:${providerId}`;
    if ((this.access.get(key) ?? 0) > Date.now()) return null;
    const { upstream, log } = this.options;
    let response: Response;
    try {
      response = await fetch(`${upstream.baseUrl}${routes.providers.path}?active_only=false`, {
        headers: { authorization: `Token ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(upstream.timeoutMs),
      });
    } catch (error) {
      log.warn({ err: error }, 'provider check failed: upstream unreachable');
      return 'Live updates are unavailable: the back-office services cannot be reached';
    }
    if (response.status === 401) {
      await response.body?.cancel();
      upstream.forgetToken(token);
      return 'Authentication required';
    }
    if (!response.ok) {
      await response.body?.cancel();
      log.warn({ status: response.status }, 'provider check answered an error');
      return 'The relay could not check the provider';
    }
    const { results } = (await response.json()) as { results: { id: number }[] };
    if (!results.some((provider) => provider.id === providerId)) return `No such provider: ${providerId}`;
    if (this.access.size > 50_000) this.access.clear();
    this.access.set(key, Date.now() + this.cacheMs);
    return null;
  }
}
