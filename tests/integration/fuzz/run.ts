import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { routes, type RouteDef } from '@odds/protocol';
import { brokenInvariant, type FuzzTarget } from './harness';
import { describeRequest, requestArb, type FuzzRequest } from './requests';

/** Replies seen, by status, over a whole run. */
export type StatusCounts = Map<number, number>;

/** The routes of the protocol's table, by name, in table order. */
export const fuzzRoutes = (): [string, RouteDef][] => Object.entries(routes) as [string, RouteDef][];

/**
 * Authenticate and logout cost a 32 MiB scrypt per request (a login, or the hash an unknown email
 * still gets), about a second each on a busy machine: they get at most this many requests a run.
 */
const SCRYPT_ROUTE_RUNS = 25;
const runsFor = (name: string, runs: number) => (name === 'authenticate' || name === 'logout' ? Math.min(runs, SCRYPT_ROUTE_RUNS) : runs);

/** A plain ajv that converts nothing: the judge of what a JSON body really held. */
const judge = new Ajv({ strict: false, coerceTypes: false, allErrors: false });
addFormats(judge);

/**
 * Why a 2xx should not have been: a JSON body its schema refuses taken as it is (a wrong-typed
 * value coerced into a write), or a path id that is not plain digits. Null when the request was fine.
 */
function acceptedWrongly(route: RouteDef, request: FuzzRequest, validateBody: ValidateFunction | null): string | null {
  const ids = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const segments = request.url.split('?')[0]!.split('/');
  const template = route.path.split('/');
  for (const [i, part] of template.entries()) {
    if (part.startsWith(':') && ids.includes(part.slice(1)) && !/^\d+$/.test(segments[i] ?? ''))
      return `path parameter ${part} '${segments[i]}' is not plain digits`;
  }
  if (!validateBody || !request.body || !String(request.headers['content-type'] ?? '').startsWith('application/json')) return null;
  let body: unknown;
  try {
    body = JSON.parse(request.body.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  return validateBody(structuredClone(body)) ? null : `the body breaks its schema (${judge.errorsText(validateBody.errors)})`;
}

/** Each route gets its own seed, derived from the run's, so one route can be re-run alone. */
export const routeSeed = (seed: number, index: number) => (seed + index * 7919) | 0;

/**
 * Sends `runs` generated requests to one route and checks each reply: below 500, a JSON error with
 * a message on every 4xx, an answer within the timeout, no committed write behind any 4xx, and no
 * 2xx for a wrong-typed JSON body or a path id that is not plain digits.
 * Logout would end the fuzzer's session, so it gets a token of its own, renewed (a login, 32 MiB of
 * scrypt) only after a logout that took.
 */
export async function fuzzRoute(
  target: FuzzTarget,
  name: string,
  route: RouteDef,
  options: { seed: number; runs: number; counts: StatusCounts },
): Promise<void> {
  let logoutToken: string | null = null;
  const validateBody = route.body && !route.multipart ? judge.compile(route.body) : null;
  const property = fc.asyncProperty(requestArb(name, route), async (request: FuzzRequest) => {
    let token = target.token;
    if (name === 'logout') {
      logoutToken ??= await target.upstream.login();
      token = logoutToken;
    }
    const authorised = { ...request, headers: { ...request.headers, authorization: `Token ${token}` } };
    const before = await target.writes();
    const reply = await target.send(authorised);
    const after = await target.writes();
    options.counts.set(reply.status, (options.counts.get(reply.status) ?? 0) + 1);
    if (name === 'logout' && reply.status === 200) logoutToken = null;
    const broken = brokenInvariant(reply, before, after);
    if (broken) throw new Error(broken);
    const wrongly = reply.status < 300 ? acceptedWrongly(route, request, validateBody) : null;
    if (wrongly) throw new Error(`status ${reply.status}, yet ${wrongly}`);
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: runsFor(name, options.runs), endOnFailure: false });
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    const example = details.counterexample ? describeRequest(details.counterexample[0]) : '(none)';
    throw new Error(
      `fuzz of ${name} (${route.method} ${route.path}) failed with seed ${options.seed} after ${details.numRuns} runs: ${cause}\n  request: ${example}`,
    );
  }
}

/** '200×412 400×1032 404×201 …' */
export const formatCounts = (counts: StatusCounts) =>
  [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
