import { sql } from 'drizzle-orm';
import type { SuppressionsToday } from '@odds/protocol';
import type { Db } from '../db/client';
import { rows } from '../db/rows';

/** The wall-clock parts of an instant in a time zone. */
function partsIn(ms: number, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { y: part('year'), m: part('month'), d: part('day'), h: part('hour'), min: part('minute'), s: part('second') };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(ms / 1000) * 1000;
}

/**
 * The calendar day an instant falls on in a time zone, and that day's first instant (its local
 * midnight; on a day whose midnight a DST change skips, the first instant that exists).
 */
export function dayIn(ms: number, timeZone: string): { day: string; sinceMs: number } {
  const p = partsIn(ms, timeZone);
  const day = `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
  const midnightAsUtc = Date.UTC(p.y, p.m - 1, p.d);
  // The offset at midnight may differ from now's (a DST change today): settle it in two steps.
  let since = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  since = midnightAsUtc - offsetAt(since, timeZone);
  // A midnight that does not exist (skipped forward): the day starts at the first instant of it.
  if (partsIn(since, timeZone).d !== p.d) since += 3_600_000;
  return { day, sinceMs: since };
}

/** Whether the runtime knows the zone (DEPLOYMENT_TIME_ZONE is checked at start with it). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The suppressions stored since the start of today in the deployment's time zone, counted per
 * provider (the match's) and reason, each stored suppression once (an exhausted set's one record
 * counts once, however many crossings it holds back).
 */
export async function suppressionsToday(db: Db, timeZone: string, nowMs: number): Promise<SuppressionsToday> {
  const { day, sinceMs } = dayIn(nowMs, timeZone);
  const since = new Date(sinceMs).toISOString();
  const result = await db.execute(sql`
    select p.id, p.name, s.reason, count(*)::int as count
    from suppressions s join matches m on m.id = s.match_id join providers p on p.id = m.provider_id
    where s.created_at >= ${since}::timestamptz
    group by p.id, p.name, s.reason
    order by p.name, p.id, count(*) desc, s.reason`);
  const counted = rows<{ id: number; name: string; reason: string; count: number }>(result);
  return {
    day,
    time_zone: timeZone,
    since,
    results: counted.map((r) => ({ provider: { id: Number(r.id), name: r.name }, reason: r.reason, count: Number(r.count) })),
  };
}
