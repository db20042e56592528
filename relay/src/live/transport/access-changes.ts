import { tokenHash } from '../../revocations';
import type { UpstreamClient } from '../../upstream';
import type { PlainLiveSession } from './plain-ws';
import type { ProviderRooms } from './provider-rooms';
import type { RelayIo } from './socket-io';

/**
 * An admin changed an operator's role or providers (`access_changed` on the change stream): every
 * socket of those sessions on this instance is told (`sessionChanged`, so the console reads its
 * session and providers again) and disconnected, and what this relay believed of those tokens (the
 * session, the matches and providers they may see) is forgotten. The console reconnects at once and
 * watches again, each watch checked with the new rights: a room it may no longer see is refused.
 * The plain WebSocket `/live` connections of those sessions are told the same and closed with 4205.
 * Returns how many sockets were told.
 */
export function applyAccessChanges(
  io: RelayIo | null,
  upstream: UpstreamClient,
  providerRooms: ProviderRooms,
  hashes: readonly string[],
  plain: Iterable<PlainLiveSession> = [],
): number {
  const changed = new Set(hashes);
  const forget = (token: string) => {
    upstream.forgetToken(token);
    providerRooms.forgetToken(token);
  };
  for (const token of upstream.revocations.trackedTokens()) if (changed.has(tokenHash(token))) forget(token);
  let told = 0;
  for (const socket of io?.of('/').sockets.values() ?? []) {
    if (!changed.has(tokenHash(socket.data.token))) continue;
    forget(socket.data.token);
    socket.emit('sessionChanged', { reason: 'access' });
    socket.disconnect(true);
    told++;
  }
  for (const session of [...plain]) {
    if (!changed.has(tokenHash(session.token))) continue;
    forget(session.token);
    session.accessChanged();
    told++;
  }
  return told;
}
