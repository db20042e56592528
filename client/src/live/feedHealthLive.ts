import { routes, type MatchFeedHealth } from '@odds/protocol';
import { useEffect, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { useApiQuery } from '../api/queries';
import { liveSocket } from './liveSocket';

/** The feed health of the matches this page shows, by match id: read once, then as the relay pushes it. */
const feedHealth = proxy<{ byMatch: Record<number, MatchFeedHealth> }>({ byMatch: {} });

/** Hears the relay's `feedHealth` pushes (every console and wall gets them); returns the way to stop. */
export function listenToFeedHealth(onPush?: (row: MatchFeedHealth) => void): () => void {
  const socket = liveSocket();
  const handler = (row: MatchFeedHealth) => {
    feedHealth.byMatch[row.match_id] = row;
    onPush?.(row);
  };
  socket.on('feedHealth', handler);
  return () => {
    socket.off('feedHealth', handler);
  };
}

/**
 * One match's feed health: its current state read through the query cache (every banner and wall
 * panel of the match share the read), then every change pushed, which wins over the read.
 */
export function useMatchFeedHealth(matchId: number | null): MatchFeedHealth | null {
  const snap = useSnapshot(feedHealth);
  const read = useApiQuery(routes.matchFeedHealth, { params: { matchId: matchId ?? 0 }, silent: true }, { enabled: matchId !== null, staleTime: 0 });
  useEffect(() => (matchId === null ? undefined : listenToFeedHealth()), [matchId]);
  if (matchId === null) return null;
  return (snap.byMatch[matchId] as MatchFeedHealth | undefined) ?? read.data ?? null;
}

/** Now, moving every second while `running` (a stall's "for 2 min 10 s" counts up on screen, not by asking anyone). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** 45 s, 2 min 10 s, 1 h 5 min. */
export function formatSilence(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** "No odds from the feed for 2 min 10 s — last message 21:04:33" (and why, when a UOF producer is down). */
export function stallText(row: MatchFeedHealth, now: number): string {
  const producer = row.producer && row.producer !== 'up' ? ` (UOF producer ${row.producer})` : '';
  if (!row.last_message_at) return `No odds from the feed yet${producer}`;
  const last = new Date(row.last_message_at);
  const time = last.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return `No odds from the feed for ${formatSilence(now - last.getTime())} — last message ${time}${producer}`;
}
