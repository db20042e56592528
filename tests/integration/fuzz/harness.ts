import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestUpstream, type TestUpstream } from '@odds/upstream/testing';
import { describeRequest, type FuzzRequest } from './requests';

/** Longest a request may take before the fuzzer calls it a hang. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Counts committed row changes per table: a row trigger on every table bumps `fuzz.writes` in the
 * same transaction, so a write that is rolled back leaves no trace and one that commits always
 * does. Reading it is one small query, which keeps "the database is unchanged after every 4xx"
 * cheap enough to check after each request (a checksum of every table's rows would not be).
 * The engine's invalidation tables (engine_scopes, engine_contact_changes) are left out: they are
 * counters that triggers bump beside a cached table's rows, and hold no data of their own.
 */
async function installWriteCounters(upstream: TestUpstream): Promise<void> {
  const statements = [
    'create schema if not exists fuzz',
    'create table if not exists fuzz.writes (tbl text primary key, n bigint not null)',
    `create or replace function fuzz.count_write() returns trigger language plpgsql as $$
     begin
       insert into fuzz.writes values (tg_table_name, 1) on conflict (tbl) do update set n = fuzz.writes.n + 1;
       return null;
     end $$`,
    `do $$
     declare t record;
     begin
       for t in select tablename from pg_tables where schemaname = 'public' and tablename not in ('engine_scopes', 'engine_contact_changes') loop
         execute format('create trigger fuzz_ins_del after insert or delete on public.%I for each row execute function fuzz.count_write()', t.tablename);
         execute format('create trigger fuzz_upd after update on public.%I for each row when (old.* is distinct from new.*) execute function fuzz.count_write()', t.tablename);
         execute format('create trigger fuzz_trunc after truncate on public.%I for each statement execute function fuzz.count_write()', t.tablename);
       end loop;
     end $$`,
  ];
  for (const statement of statements) await upstream.database.db.execute(sql.raw(statement));
}

export interface FuzzTarget {
  upstream: TestUpstream;
  baseUrl: string;
  token: string;
  /** Committed row changes per table so far, as one comparable string. */
  writes(): Promise<string>;
  send(request: FuzzRequest): Promise<Reply>;
  close(): Promise<void>;
}

/** A real upstream on a seeded in-memory PGlite, listening on a loopback port, with write counters. */
export async function startTarget(): Promise<FuzzTarget> {
  const upstream = await createTestUpstream();
  await installWriteCounters(upstream);
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = upstream.app.server.address() as AddressInfo;
  const token = await upstream.login();
  return {
    upstream,
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    async writes() {
      const result = await upstream.database.db.execute(sql.raw('select tbl, n from fuzz.writes order by tbl'));
      const rows = (result as unknown as { rows: { tbl: string; n: string | number }[] }).rows;
      return rows.map((r) => `${r.tbl}=${r.n}`).join(' ');
    },
    send: (request) => send(port, request),
    close: () => upstream.close(),
  };
}

/** Sends one request as raw HTTP (no client-side checks on path or body); rejects on a hang. */
function send(port: number, request: FuzzRequest): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        // A connection per request: a reused one the server closed after its last reply (431, 413)
        // would fail with ECONNRESET before this request is even read.
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        agent: false,
        headers: { ...request.headers, ...(request.body && { 'content-length': String(request.body.length) }) },
      },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        if (res.statusCode === 200 && contentType.startsWith('text/event-stream')) {
          // The change stream never ends by design: its head is the answer.
          res.destroy();
          resolve({ status: 200, contentType, text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no reply within ${REQUEST_TIMEOUT_MS} ms: ${describeRequest(request)}`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (413, 400) and close before it has read a large body: that is a reply.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') reject(new Error(`connection ${error.code} without a reply: ${describeRequest(request)}`));
      else reject(error);
    });
    req.end(request.body);
  });
}

/** What went wrong with one reply, or null when it keeps every invariant. */
export function brokenInvariant(reply: Reply, writesBefore: string, writesAfter: string): string | null {
  if (reply.status >= 500) return `status ${reply.status}: ${reply.text.slice(0, 300)}`;
  if (reply.status < 400) return null;
  if (!reply.contentType.startsWith('application/json')) return `status ${reply.status} with content-type '${reply.contentType}', not a JSON error`;
  let body: { statusCode?: unknown; message?: unknown };
  try {
    body = JSON.parse(reply.text) as typeof body;
  } catch {
    return `status ${reply.status} with a body that is not JSON: ${reply.text.slice(0, 200)}`;
  }
  if (typeof body.message !== 'string' || body.message.trim() === '') return `status ${reply.status} without a message: ${reply.text.slice(0, 200)}`;
  if (body.statusCode !== reply.status) return `status ${reply.status} but statusCode ${String(body.statusCode)} in the body`;
  if (writesAfter !== writesBefore) return `status ${reply.status} ('${body.message}') but the database changed: ${writesBefore} -> ${writesAfter}`;
  return null;
}
