import type { LiveAck, Match, MatchLiveState, MatchResult } from '@odds/protocol';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveSocket } from '../../live/liveSocket';
import { MatchLive } from '../../live/matchLive';
import { json, stubFetch } from '../../testing/fetchStub';
import { MatchScore } from './MatchScore';

/** A socket.io client socket as MatchLive uses it: the test fires what the relay would push. */
class RecordingSocket {
  connected = true;
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
  }
  emit(_event: string, _payload: unknown, ack: (reply: LiveAck) => void) {
    ack({ ok: true } as LiveAck);
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

const MATCH = { id: 7, name: 'Argentina - France', start: '2022-12-18T15:00:00Z', score: null, result: null } as unknown as Match;
const offer = (id: number, score: string, matchTime: number) => ({
  id,
  market_id: 1,
  score,
  match_time: matchTime,
  prematch: false,
  outcome_map: {},
  odds: [],
});
const liveState = (over: Partial<MatchLiveState>): MatchLiveState => ({
  match_id: 7,
  status: 'LIVE',
  period: 1,
  score: 'H0-A0',
  match_time: 0,
  suspended: false,
  suspended_market_ids: [],
  kicked_off_at: '2022-12-18T15:00:00Z',
  last_message_at: null,
  result: null,
  ...over,
});
const stubLive = (state: MatchLiveState) =>
  stubFetch({
    'GET /api/1/match/7/live': () => json(200, state),
    'GET /api/1/match/7/feed/events': () => json(200, { results: [], total: 0, limit: 1000 }),
  });
const scoreBox = () => screen.getByRole('group', { name: 'Score and minute' });

describe('the match header score', () => {
  let live: MatchLive | undefined;
  afterEach(() => {
    cleanup();
    live?.close();
  });

  it('shows the live score and minute of the newest offer pushed, and follows the next one', async () => {
    stubLive(liveState({ period: 2, score: 'H2-A1', match_time: 2040, result: { regular: { home: 2, away: 1 }, after_extra_time: null, penalties: null } }));
    const socket = new RecordingSocket();
    live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    render(<MatchScore matchId={7} match={MATCH} live={live} />);
    act(() => socket.fire('snapshot', { matchId: 7, topic: 'offers', epoch: 'A', seq: 1, items: [offer(1, 'H1-A1', 1980), offer(2, 'H2-A1', 2040)] }));
    expect(await within(scoreBox()).findByText('2–1')).toBeTruthy();
    expect(await within(scoreBox()).findByText('Live 35′')).toBeTruthy();
    // A goal: the next offer pushed carries the new score and clock, no reload.
    act(() => socket.fire('delta', { matchId: 7, topic: 'offers', epoch: 'A', seq: 2, upserts: [offer(3, 'H3-A1', 2400)], removes: [] }));
    expect(await within(scoreBox()).findByText('3–1')).toBeTruthy();
    expect(await within(scoreBox()).findByText('Live 41′')).toBeTruthy();
  });

  it('shows the 2022 final as it ended, with its qualifier, where the last offer (at 90 minutes) says 2–2', async () => {
    const final: MatchResult = { regular: { home: 2, away: 2 }, after_extra_time: { home: 3, away: 3 }, penalties: { home: 4, away: 2 } };
    stubLive(liveState({ status: 'ENDED', period: 4, score: 'H3-A3', match_time: 7260, result: final }));
    const socket = new RecordingSocket();
    live = new MatchLive(7, Infinity, socket as unknown as LiveSocket);
    render(<MatchScore matchId={7} match={MATCH} live={live} />);
    act(() => socket.fire('snapshot', { matchId: 7, topic: 'offers', epoch: 'A', seq: 1, items: [offer(9, 'H2-A2', 5580)] }));
    expect(await within(scoreBox()).findByText('Full-time')).toBeTruthy();
    expect(within(scoreBox()).getByText('3–3')).toBeTruthy();
    expect(within(scoreBox()).getByText('a.e.t., 4–2 pens')).toBeTruthy();
  });
});
