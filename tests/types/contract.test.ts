/**
 * The contract in types: what the compiler holds every caller and handler to. `npm run typecheck`
 * checks these lines (an assertion that no longer holds, or a `@ts-expect-error` that no longer
 * fails, breaks the build); at run time they are no-ops.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { Server } from 'socket.io';
import type {
  AuthReply,
  ClientToServerEvents,
  DeltaPayload,
  ListReply,
  LiveAck,
  LiveTopicItems,
  Match,
  RouteBody,
  RouteParams,
  RouteReply,
  ServerToClientEvents,
  SocketData,
  WatchRequest,
} from '@odds/protocol';
import { routes } from '@odds/protocol';
import type { api } from '../../client/src/api/client';
import type { Call, implement } from '@odds/upstream/testing';

type MatchRoute = typeof routes.match;
type MatchesRoute = typeof routes.matches;
type LoginRoute = typeof routes.authenticate;
type SessionRoute = typeof routes.session;

describe('routes', () => {
  it('type params, body and reply from the route table', () => {
    expectTypeOf<RouteParams<MatchRoute>>().toEqualTypeOf<{ matchId: number }>();
    expectTypeOf<RouteReply<MatchRoute>>().toEqualTypeOf<Match>();
    expectTypeOf<RouteReply<MatchesRoute>>().toEqualTypeOf<ListReply<Match>>();
    expectTypeOf<RouteBody<LoginRoute>>().toHaveProperty('email').toEqualTypeOf<string>();
    expectTypeOf<RouteReply<LoginRoute>>().toEqualTypeOf<AuthReply>();
    expectTypeOf<RouteBody<SessionRoute>>().toEqualTypeOf<undefined>();
  });
});

describe('api()', () => {
  it("resolves with the route's reply and asks for path parameters exactly where the route has them", () => {
    expectTypeOf<ReturnType<typeof api<MatchRoute>>>().resolves.toEqualTypeOf<Match>();
    expectTypeOf<ReturnType<typeof api<MatchesRoute>>>().resolves.toEqualTypeOf<ListReply<Match>>();
    expectTypeOf<typeof api<MatchRoute>>().toBeCallableWith(routes.match, { params: { matchId: 1 } });
    expectTypeOf<typeof api<SessionRoute>>().toBeCallableWith(routes.session);
    // @ts-expect-error a route with path parameters cannot be called without them
    expectTypeOf<typeof api<MatchRoute>>().toBeCallableWith(routes.match);
    // @ts-expect-error a parameter of the wrong type
    expectTypeOf<typeof api<MatchRoute>>().toBeCallableWith(routes.match, { params: { matchId: '1' } });
    // @ts-expect-error a body of the wrong shape
    expectTypeOf<typeof api<LoginRoute>>().toBeCallableWith(routes.authenticate, { body: { email: 'a@b.c' } });
  });
});

describe('implement()', () => {
  it('hands the handler typed params and body, and holds its answer to the reply schema', () => {
    type Handler<R extends MatchRoute | LoginRoute> = Parameters<typeof implement<R>>[2];
    expectTypeOf<Call<MatchRoute>['params']>().toEqualTypeOf<{ matchId: number }>();
    expectTypeOf<Call<LoginRoute>['body']>().toHaveProperty('password').toEqualTypeOf<string>();
    expectTypeOf<ReturnType<Handler<MatchRoute>>>().resolves.toEqualTypeOf<Match>();
    // @ts-expect-error a handler answering another entity than its route's reply
    expectTypeOf<() => Promise<{ id: string }>>().toExtend<Handler<MatchRoute>>();
  });
});

describe('live events', () => {
  it('type what the relay sends and what a console asks, on both ends of socket.io', () => {
    type Relay = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
    type Console = ClientSocket<ServerToClientEvents, ClientToServerEvents>;
    expectTypeOf<Parameters<ServerToClientEvents['delta']>[0]>().toEqualTypeOf<DeltaPayload>();
    expectTypeOf<Extract<DeltaPayload, { topic: 'offers' }>['upserts']>().toEqualTypeOf<LiveTopicItems['offers'][]>();
    expectTypeOf<Parameters<ClientToServerEvents['watch']>[0]>().toEqualTypeOf<WatchRequest>();
    expectTypeOf<Parameters<Parameters<ClientToServerEvents['watch']>[1]>[0]>().toEqualTypeOf<LiveAck>();
    expectTypeOf<Console['emit']>().toBeCallableWith('watch', { matchId: 1 }, () => undefined);
    // @ts-expect-error a console cannot send an event the relay does not take
    expectTypeOf<Console['emit']>().toBeCallableWith('snapshot', { matchId: 1 });
    // @ts-expect-error the relay cannot send a delta without its seq
    expectTypeOf<ReturnType<Relay['to']>['emit']>().toBeCallableWith('delta', { matchId: 1, topic: 'feed', epoch: 'e', upserts: [], removes: [] });
  });
});
