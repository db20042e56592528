import { routes } from '@odds/protocol';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApiQuery } from '../../api/queries';
import { json, stubFetch } from '../../testing/fetchStub';
import { useConnector } from './useConnector';
import { matchRecordsCopied } from './useMatchPage';

const inRouter = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const result = (id: number, title: string) => ({ id, title, start: null, providers: ['Nordic Odds'] });
const searches = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/1/matches/connect/12').map((call) => call.url.searchParams.get('q'));

describe("the match header's connector search", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks once per text: a text asked again is answered from the cache, with a new list each time', async () => {
    const { calls } = stubFetch({
      'GET /api/1/matches/connect/12': ({ url }) => json(200, { results: [result(40, `${url.searchParams.get('q')} - France`)] }),
    });
    const { result: hook } = renderHook(() => useConnector(12, () => undefined), { wrapper: inRouter });
    act(() => hook.current.search('Argentina.'));
    await waitFor(() => expect(hook.current.results.map((r) => r.title)).toEqual(['Argentina - France']));
    const first = hook.current.results;
    act(() => hook.current.search('Argentin'));
    expect(hook.current.results).toEqual([]);
    act(() => hook.current.search('Argentina.'));
    await waitFor(() => expect(hook.current.results).toHaveLength(1));
    expect(hook.current.results).not.toBe(first);
    expect(searches(calls)).toEqual(['Argentina']);
  });

  it("cancels the older text's read when a newer one is asked, and never shows its answer", async () => {
    const signals: AbortSignal[] = [];
    const { calls } = stubFetch({
      'GET /api/1/matches/connect/12': ({ url }) => {
        const q = url.searchParams.get('q');
        if (q === 'Arg') return new Promise<Response>(() => undefined);
        return json(200, { results: [result(41, `${q} - Brazil`)] });
      },
    });
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [unknown, RequestInit][] } };
    const { result: hook } = renderHook(() => useConnector(12, () => undefined), { wrapper: inRouter });
    act(() => hook.current.search('Arg.'));
    await waitFor(() => expect(searches(calls)).toEqual(['Arg']));
    signals.push(fetchMock.mock.calls[0]![1].signal!);
    act(() => hook.current.search('Argentina.'));
    await waitFor(() => expect(hook.current.results.map((r) => r.title)).toEqual(['Argentina - Brazil']));
    expect(signals[0]!.aborted).toBe(true);
  });

  it('after a copy from another match, a cached read of its threshold sets is read again (no reload counter)', async () => {
    let reads = 0;
    const { calls } = stubFetch({
      'GET /api/1/match/12/thresholds': () => json(200, { results: [], total: ++reads }),
      'POST /api/1/match/12/copy/from/30': () => json(200, { success: true, id: 12 }),
    });
    const { result: hook } = renderHook(
      () => ({ connector: useConnector(12, () => matchRecordsCopied(12)), sets: useApiQuery(routes.matchThresholds, { params: { matchId: 12 } }) }),
      { wrapper: inRouter },
    );
    await waitFor(() => expect(hook.current.sets.data?.total).toBe(1));
    let copied = false;
    await act(async () => {
      copied = await hook.current.connector.copyFrom({ id: 30 } as never);
    });
    expect(copied).toBe(true);
    expect(hook.current.connector.notice).toBe('Copied threshold sets and content from match 30.');
    await waitFor(() => expect(hook.current.sets.data?.total).toBe(2));
    expect(calls.filter((call) => call.url.pathname === '/api/1/match/12/thresholds')).toHaveLength(2);
  });
});
