import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import createError from '@fastify/error';
import { Errors } from '../errors';
import { tokenHash } from '../auth/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this POST does not take an Idempotency-Key (it creates nothing). Every other POST does. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed; its reply is stored under it. */
    idempotencyClaim?: { userId: number; session: string; key: string };
  }
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered (and a repeat answered from it). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a repeat waits for the first request with its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const KEY = /^[\x21-\x7e]{1,200}$/;

const IdempotencyMismatch = createError(
  'IDEMPOTENCY_KEY_REUSED',
  'This Idempotency-Key was already used for a different request; send a new key with a new request.',
  422,
);
const IdempotencyInProgress = createError(
  'IDEMPOTENCY_IN_PROGRESS',
  'The first request with this Idempotency-Key is still being processed; try again in a moment.',
  409,
);

/**
 * Idempotent creating calls: a POST with an `Idempotency-Key` header (a value the client makes up
 * per save attempt and keeps across its retries) is carried out once per session and key. The
 * first request claims the key (a unique row: two requests racing cannot both run), runs, and its
 * successful reply is stored; a repeat within 24 hours gets that reply again, marked
 * `Idempotency-Replayed: true`, and writes nothing. A repeat while the first is still running waits
 * for it (up to 10 s, then 409). A first request that failed frees its key, so a retry runs for
 * real. The same key with another body or address is refused (422).
 *
 * Generic: a hook over every POST route, present and future (a route opts out with
 * `config: { idempotent: false }`). Requests without the header behave as before. The claim and the
 * stored reply are written beside the route's own transaction, not in it: a crash between the
 * route's commit and the reply's store leaves the claim without a reply, and a repeat then gets
 * 409 until the key expires rather than a second write.
 */
export function installIdempotency(app: FastifyInstance, db: Db): void {
  let lastSweep = 0;
  // Claims of failed requests this process could not free (the database was away when the reply
  // went out): nothing of theirs was written, so a repeat frees the claim and runs for real
  // instead of waiting for a reply that will never be stored.
  const unfreed = new Set<string>();
  const sweep = async () => {
    if (Date.now() - lastSweep < 10 * 60_000) return;
    lastSweep = Date.now();
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)));
  };

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.config?.idempotent === false) return;
    const asked = keyOf(request);
    if (!asked) return;
    await sweep();
    const first = await claim(db, asked, unfreed);
    if (first === 'claimed') request.idempotencyClaim = { userId: asked.userId, session: asked.session, key: asked.key };
    else return replay(reply, first.status, first.contentType, first.reply);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return payload;
    request.idempotencyClaim = undefined;
    await settle(db, claimed, reply, payload, unfreed);
    return payload;
  });
}

/** What a request's Idempotency-Key stands for: whose session, the key, and the hash of the request it was first sent with. */
interface AskedKey {
  userId: number;
  session: string;
  key: string;
  requestHash: string;
}

/** The request's Idempotency-Key (400 for a malformed one), or null when it has none or no operator. */
function keyOf(request: FastifyRequest): AskedKey | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !request.user) return null;
  const key = Array.isArray(header) ? (header[0] ?? '') : header;
  if (!KEY.test(key)) throw new Errors.BadRequest('Idempotency-Key must be 1 to 200 visible ASCII characters');
  // Multipart bodies are read by the handler: their key covers the address only.
  const requestHash = createHash('sha256')
    .update(`${request.url}\n${/^multipart\//i.test(request.headers['content-type'] ?? '') ? '' : JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  // A key is the session's, not only the operator's: the same key from another session (another
  // tab signed in apart, a replay with a stolen key) is a request of its own and runs for real.
  return { userId: request.user.id, session: tokenHash(request.token ?? ''), key, requestHash };
}

/**
 * Claims the key for this request ('claimed': it runs), or answers the first request's stored
 * reply (a repeat); waits while the first still runs (409 after WAIT_FOR_FIRST_MS), takes over a
 * key expired or freed meanwhile, and refuses the key with another request (422).
 */
async function claim(db: Db, asked: AskedKey, unfreed: Set<string>): Promise<'claimed' | { status: number; contentType: string | null; reply: string | null }> {
  const { userId, session, key, requestHash } = asked;
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.session, session), eq(idempotencyKeys.key, key));
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, session, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) return 'claimed';
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first) continue; // freed meanwhile (the first failed): claim it now
    if (first.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) {
      await db.delete(idempotencyKeys).where(and(mine, lte(idempotencyKeys.createdAt, first.createdAt)));
      continue;
    }
    if (first.requestHash !== requestHash) throw new IdempotencyMismatch();
    if (first.status === null && unfreed.delete(`${userId}\n${key}`)) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
      continue;
    }
    if (first.status !== null) return { status: first.status, contentType: first.contentType, reply: first.reply };
    if (Date.now() > deadline) throw new IdempotencyInProgress();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** After the route answered: its successful reply stored under the key, or the key freed (nothing was written, so a retry runs for real). */
async function settle(
  db: Db,
  claimed: { userId: number; session: string; key: string },
  reply: FastifyReply,
  payload: unknown,
  unfreed: Set<string>,
): Promise<void> {
  const where = and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.session, claimed.session), eq(idempotencyKeys.key, claimed.key));
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (reply.statusCode >= 200 && reply.statusCode < 300 && text !== null) {
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({ status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, reply: text })
      .where(where);
    return;
  }
  // The route's transaction rolled back, or it refused.
  await db
    .delete(idempotencyKeys)
    .where(where)
    .catch(() => unfreed.add(`${claimed.userId}\n${claimed.key}`));
}

function replay(reply: FastifyReply, status: number, contentType: string | null, body: string | null): FastifyReply {
  return reply
    .status(status)
    .header('idempotency-replayed', 'true')
    .type(contentType ?? 'application/json; charset=utf-8')
    .send(body ?? '');
}
