import type { StatEvent } from '@odds/protocol';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../testing/fetchStub';
import { useEventForm } from './useEventForm';

const event = (id: number, version: number, game_time: number): StatEvent => ({
  id,
  version,
  match_id: 12,
  type: 1,
  period: 1,
  game_time,
  extra_time: 0,
  team: null,
  participant: null,
  tags: [],
  timestamp: '2026-11-24T10:00:00Z',
});
const NAMES = { typeName: () => 'Goal', teamName: () => '' };
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

/** Events 1 and 2 loaded at version 3; another operator has since saved event 1 at minute 25 (version 4). */
function serve() {
  const theirs = event(1, 4, 25);
  const posts: { events: { id?: number; version?: number; game_time: number }[] }[] = [];
  stubFetch({
    'GET /api/1/events/match/12': () => json(200, { results: [event(1, 3, 10), event(2, 3, 20)], total: 2, limit: 2 }),
    'POST /api/1/events': (call) => {
      const body = call.body as (typeof posts)[number];
      posts.push(body);
      const stale = body.events.find((e) => e.id === 1 && e.version !== 4);
      if (stale) {
        return json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          error: 'Conflict',
          message: 'Stat event 1 was changed',
          entity: 'stat_event',
          current: theirs,
          changed_by: { id: 2, name: 'Ana' },
          changed_at: '2026-11-24T10:02:00Z',
        });
      }
      return json(200, { results: [], total: 0, limit: 1 });
    },
  });
  return posts;
}

async function editBoth() {
  const form = renderHook(() => useEventForm(12, NAMES), { wrapper });
  await waitFor(() => expect(form.result.current.rows).toHaveLength(2));
  const [one, two] = form.result.current.rows;
  act(() => {
    form.result.current.update(one!.key, { minute: 11 });
    form.result.current.update(two!.key, { minute: 21 });
  });
  return form;
}

describe('stat event form with another operator saving meanwhile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends only the rows I changed, each with the version it loaded; their event beside mine in the dialog', async () => {
    const posts = serve();
    const form = await editBoth();
    act(() => void form.result.current.save());
    await waitFor(() => expect(form.result.current.conflict).not.toBeNull());
    expect(posts[0]!.events.map((e) => [e.id, e.version, e.game_time])).toEqual([
      [1, 3, 11],
      [2, 3, 21],
    ]);
    expect(form.result.current.conflict!.reply.current).toMatchObject({ minute: '25', type: 'Goal' });
    expect(form.result.current.conflict!.mine).toMatchObject({ minute: '11' });
  });

  it('"Keep theirs" puts their event in its row and keeps my other row; the next save sends that row only', async () => {
    const posts = serve();
    const form = await editBoth();
    act(() => void form.result.current.save());
    await waitFor(() => expect(form.result.current.conflict).not.toBeNull());
    act(() => form.result.current.conflict!.choose('theirs'));
    await waitFor(() => expect(form.result.current.saving).toBe(false));
    expect(form.result.current.rows.map((r) => [r.id, r.minute, r.version])).toEqual([
      [1, 25, 4],
      [2, 21, 3],
    ]);
    expect(posts).toHaveLength(1);
    await act(() => form.result.current.save());
    expect(posts[1]!.events.map((e) => [e.id, e.version, e.game_time])).toEqual([[2, 3, 21]]);
  });

  it('"Overwrite with mine" sends my rows again, the conflicting one against their version', async () => {
    const posts = serve();
    const form = await editBoth();
    act(() => void form.result.current.save());
    await waitFor(() => expect(form.result.current.conflict).not.toBeNull());
    act(() => form.result.current.conflict!.choose('mine'));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.events.map((e) => [e.id, e.version, e.game_time])).toEqual([
      [1, 4, 11],
      [2, 3, 21],
    ]);
  });
});
