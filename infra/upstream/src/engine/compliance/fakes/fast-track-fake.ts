import { startFakeServer, type FakeAnswer, type FakeServer } from '../../channels/fakes/fake-server';

/**
 * A local stand-in for a sportsbook's Fast Track operator endpoints (a SIMULATION, for tests and
 * staging: never a production path): `GET /userblocks/{userId}` and `GET /userconsents/{userId}`
 * answered in the contract's shapes, from the customers it is told about, after checking the API
 * key (`x-api-key`). An unknown customer is neither blocked nor excluded, opted in everywhere.
 * `mode` makes it misbehave: slow, down (500), or a shape it should not answer.
 */

interface FakeCustomer {
  excluded?: string;
  blocked?: string;
  /** Fast Track consent types (email, sms, pushNotification, …) the customer opted out of. */
  optedOut?: string[];
}

export interface FastTrackFake extends FakeServer {
  customers: Map<string, FakeCustomer>;
  mode: 'ok' | 'error' | 'slow' | 'bad-shape';
  /** How long a slow answer takes. */
  slowMs: number;
  apiKey: string;
}

const CONSENT_TYPES = ['email', 'sms', 'telephone', 'postMail', 'siteNotification', 'pushNotification'];

export async function startFastTrackFake(apiKey = 'fake-operator-key', port = 0): Promise<FastTrackFake> {
  const state = { customers: new Map<string, FakeCustomer>(), mode: 'ok' as FastTrackFake['mode'], slowMs: 5_000, apiKey };
  const answer = async (url: string, key: string | undefined): Promise<FakeAnswer> => {
    if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.slowMs));
    if (state.mode === 'error') return { status: 500, json: { error: 'internal error' } };
    if (key !== state.apiKey) return { status: 401, json: { error: 'unauthorised' } };
    const match = /^\/(userblocks|userconsents)\/([^/?]+)$/.exec(url);
    if (!match) return { status: 404, json: { error: 'not found' } };
    const customer = state.customers.get(decodeURIComponent(match[2]!)) ?? {};
    if (state.mode === 'bad-shape') return { status: 200, json: { blocks: 'none', consents: true } };
    if (match[1] === 'userblocks')
      return {
        status: 200,
        json: {
          blocks: [
            { active: customer.excluded !== undefined, type: 'Excluded', note: customer.excluded ?? '' },
            { active: customer.blocked !== undefined, type: 'Blocked', note: customer.blocked ?? '' },
          ],
        },
      };
    return { status: 200, json: { consents: CONSENT_TYPES.map((type) => ({ opted_in: !customer.optedOut?.includes(type), type })) } };
  };
  const server = await startFakeServer(
    port,
    () => 0,
    (request) => answer(request.url, request.headers['x-api-key'] as string | undefined),
  );
  // The fake's settings are the state its handler reads: a test sets `fake.mode = 'error'`.
  return Object.assign(state, server);
}
