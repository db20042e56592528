import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LiveHub } from './hub';
import { catalogOutlets, feedHealthOutlet, type IoRef } from './outlets';
import { ChangeStream } from './polling/change-stream';
import { applyAccessChanges } from './transport/access-changes';
import { forwardCatalogNotice } from './transport/catalog-notices';
import type { PlainLiveSession } from './transport/plain-ws';
import type { ProviderRooms } from './transport/provider-rooms';

/**
 * Holds the change stream while this instance polls a match or holds a live connection (it also
 * carries revocations, which close connections of ended sessions). Hands back what the hub calls
 * when its count of polled matches moves; `changes` is read late, as the stream is made after the hub.
 */
export function holdStreamWhileNeeded(trackedTokens: FastifyInstance['trackedTokens'], changes: () => ChangeStream | null): (polling: number) => void {
  let polling = 0;
  const streamWanted = () => changes()?.setActive(polling > 0 || trackedTokens.count > 0);
  trackedTokens.onChange = streamWanted;
  return (count) => {
    polling = count;
    streamWanted();
  };
}

/**
 * The upstream's change stream and what each notice does here: it closes ended sessions, tells
 * consoles whose access changed, and hands match, provider, catalog and feed-health news on.
 * `plainSessions` is read late: /live is registered after this.
 */
export function liveChangeStream(
  app: FastifyInstance,
  {
    hub,
    providerRooms,
    ioRef,
    log,
    plainSessions,
  }: { hub: LiveHub; providerRooms: ProviderRooms; ioRef: IoRef; log: FastifyBaseLogger; plainSessions: () => ReadonlySet<PlainLiveSession> | undefined },
): ChangeStream {
  const { upstream, relayMetrics: metrics } = app;
  const outlets = catalogOutlets(ioRef);
  let streamedBefore = false;
  return new ChangeStream({
    baseUrl: upstream.baseUrl,
    // Without a service account and with nobody watching, any open connection's token will do.
    credentials: {
      kind: hub.credentials.kind,
      token: (matchId) =>
        hub.credentials
          .token(matchId)
          .catch((error: unknown) => upstream.revocations.trackedTokens().find((t) => !upstream.revocations.isRevoked(t)) ?? Promise.reject(error)),
      readsOperatorTables: (matchId) => hub.credentials.readsOperatorTables(matchId),
      rejected: (token) => hub.credentials.rejected(token),
    },
    onNotice: (notice) => {
      if (notice.revoked_tokens?.length) {
        const closed = upstream.revoke(notice.revoked_tokens, notice.revoked_reason);
        if (closed) log.info({ closed }, 'closed the live connections of ended sessions');
      }
      if (notice.access_changed?.length) {
        const told = applyAccessChanges(ioRef.io, upstream, providerRooms, notice.access_changed, plainSessions());
        if (told) log.info({ told }, 'told the consoles of sessions whose access changed');
      }
      if (notice.match_id > 0) hub.changed(notice.match_id, notice.topics, notice.reset, notice);
      if (notice.provider_id !== undefined) providerRooms.notice(notice);
      // A match's connector or a provider changed: match headers and provider selectors read them again.
      if (notice.entities?.length) forwardCatalogNotice(notice, outlets);
      // A stalled feed is an alarm every console and wall shows (match page banner, wall panel, Feed health).
      // An operator granted some providers only hears of the matches it watches.
      if (notice.feed_health) feedHealthOutlet(ioRef, notice.feed_health);
    },
    onConnected: () => {
      hub.streaming(true);
      // Back after a gap: provider-wide notices of the gap may be lost (match topics are read again by the hub).
      if (streamedBefore) providerRooms.resync();
      streamedBefore = true;
      // Revocations may have been missed while the stream was away.
      void upstream.recheckOpenTokens().then((closed) => closed && log.info({ closed }, 'closed the live connections of sessions ended meanwhile'));
    },
    onDisconnected: () => hub.streaming(false),
    metrics,
    log: app.log.child({ module: 'relay:changes' }),
  });
}
