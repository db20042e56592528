import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The pace of one app, bot or number, shared by every engine worker (docs/channels.md "Pace"): a
 * token bucket in a row of channel_pacing, taken from in one atomic statement (the row is locked
 * for the update, so two workers never take the same token), refilled at `rate` per second up to
 * a tenth of a second's worth (so no second ever carries much more than `rate`), and paused as a
 * whole when the vendor asked the channel to back off. A recipient's own pace (a Telegram chat,
 * a WhatsApp number) is a bucket of its own, named `{sender}:{recipient}`. Times are the senders' clock.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A bucket holds a tenth of a second's sends (at least one). */
export const burstOf = (rate: number) => Math.max(1, Math.ceil(rate / 10));

/** Takes one send's token: 0 when taken, else how many ms to wait before the next one may be (a pause included). */
export async function takeToken(db: Db, key: string, rate: number, nowMs: number): Promise<number> {
  const cap = burstOf(rate);
  const now = Math.floor(nowMs);
  const refilled = sql`least(${cap}::float8, channel_pacing.tokens + greatest(0, ${now}::bigint - channel_pacing.refilled_ms) * ${rate}::float8 / 1000.0)`;
  const taken = rowsOf<{ tokens: number }>(
    await db.execute(sql`
    insert into channel_pacing (key, tokens, refilled_ms, paused_until_ms) values (${key}, ${cap - 1}::float8, ${now}::bigint, 0)
    on conflict (key) do update set tokens = ${refilled} - 1, refilled_ms = greatest(channel_pacing.refilled_ms, ${now}::bigint)
    where channel_pacing.paused_until_ms <= ${now}::bigint and ${refilled} >= 1
    returning tokens`),
  );
  if (taken.length) return 0;
  const [row] = rowsOf<{ tokens: number; refilled_ms: string | number; paused_until_ms: string | number }>(
    await db.execute(sql`select tokens, refilled_ms, paused_until_ms from channel_pacing where key = ${key}`),
  );
  if (!row) return 1;
  const paused = Number(row.paused_until_ms) - now;
  const have = Math.min(cap, Number(row.tokens) + Math.max(0, now - Number(row.refilled_ms)) * (rate / 1000));
  return Math.max(1, paused, Math.ceil(((1 - have) * 1000) / rate));
}

/** Pauses the channel until `untilMs` (never shortens a longer pause another worker set). */
export async function pauseChannel(db: Db, key: string, untilMs: number, nowMs: number): Promise<void> {
  await db.execute(sql`
    insert into channel_pacing (key, tokens, refilled_ms, paused_until_ms) values (${key}, 0, ${Math.floor(nowMs)}::bigint, ${Math.floor(untilMs)}::bigint)
    on conflict (key) do update set paused_until_ms = greatest(channel_pacing.paused_until_ms, excluded.paused_until_ms)`);
}

/** Drops recipients' buckets (named `{vendor}:{id}:{recipient}`) untouched since `beforeMs` and not paused: a full bucket is what a new row starts as. */
export async function forgetIdleRecipients(db: Db, beforeMs: number): Promise<void> {
  await db.execute(sql`
    delete from channel_pacing where key like '%:%:%' and refilled_ms < ${Math.floor(beforeMs)}::bigint and paused_until_ms < ${Math.floor(beforeMs)}::bigint`);
}
