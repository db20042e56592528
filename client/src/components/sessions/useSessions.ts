import { routes, type OperatorSession } from '@odds/protocol';
import { useCallback, useState } from 'react';
import { api } from '../../api/client';
import { useList } from '../table';

/** Whose sessions: mine, or (admins) another operator's. */
export type SessionsOf = { kind: 'mine' } | { kind: 'operator'; id: number; name: string };

/**
 * One operator's signed-in sessions and the ending of one. The list is read when the dialog opens
 * and again after every end, so it shows where things stand even after a refusal (the API client
 * has shown why).
 */
export function useSessions(of: SessionsOf) {
  const list = useList<OperatorSession>({
    name: 'sessions',
    deps: [of.kind, of.kind === 'operator' ? of.id : 0],
    getList: async ({ signal }) => {
      const reply =
        of.kind === 'mine' ? await api(routes.mySessions, { signal }) : await api(routes.operatorSessions, { params: { operatorId: of.id }, signal });
      return { results: reply.results, total: reply.results.length, limit: Math.max(reply.results.length, 1) };
    },
    key: 'sessions',
    defaultSort: '-last_seen_at',
  });
  const [ending, setEnding] = useState<number | null>(null);

  const end = useCallback(
    async (session: OperatorSession) => {
      setEnding(session.id);
      try {
        if (of.kind === 'mine') await api(routes.mySessionRevoke, { params: { sessionId: session.id }, remain: true });
        else await api(routes.operatorSessionRevoke, { params: { operatorId: of.id, sessionId: session.id }, remain: true });
      } catch {
        // Shown by the API client; the list is read again below.
      } finally {
        setEnding(null);
        list.reload();
      }
    },
    [of, list],
  );

  return { list, end, ending };
}

/** "Firefox on Linux", "Chrome on Android": enough to recognise a device, from its User-Agent. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? null;
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? null;
  if (!browser) return userAgent.length > 60 ? `${userAgent.slice(0, 57)}…` : userAgent;
  return system ? `${browser} on ${system}` : browser;
}
