import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/** A stopped scope: why, who stopped it and when. */
export interface Stop {
  reason: string;
  by: string;
  at: Date;
  /** The provider's name; null for the whole deployment. */
  provider: string | null;
}

/** What is stopped now: the whole deployment, and providers by id. */
export interface StopState {
  all: Stop | null;
  providers: ReadonlyMap<number, Stop>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The stopped scopes as stored (send_stops, migration 0052). */
async function readStops(db: Queryable): Promise<StopState> {
  const rows = rowsOf<{ provider_id: number | null; provider: string | null; reason: string; changed_by: string; changed_at: string | Date }>(
    await db.execute(sql`
      select s.provider_id, p.name as provider, s.reason, s.changed_by, s.changed_at
      from send_stops s left join providers p on p.id = s.provider_id
      where s.stopped`),
  );
  const providers = new Map<number, Stop>();
  let all: Stop | null = null;
  for (const row of rows) {
    const stop = { reason: row.reason, by: row.changed_by, at: new Date(row.changed_at), provider: row.provider };
    if (row.provider_id === null) all = stop;
    else providers.set(Number(row.provider_id), stop);
  }
  return { all, providers };
}

/** The words a suppression or a delivery refused by a stop carries (the Why panel, the Delivery tab). */
export function stopDetail(stop: Stop): string {
  const scope = stop.provider === null ? 'every send of the deployment' : `every send of ${stop.provider}`;
  return `sends stopped: ${stop.by} stopped ${scope} at ${stop.at.toISOString().slice(0, 16).replace('T', ' ')} UTC (${stop.reason}); an admin resumes them on the Compliance screen`;
}

/** The stop that applies to a provider's sends (the deployment's first), or null. */
function stopFor(state: StopState, providerId: number | null | undefined): Stop | null {
  return state.all ?? (providerId == null ? null : (state.providers.get(providerId) ?? null));
}

/**
 * The kill switch as one process sees it: the stopped scopes, held for `maxAgeMs`; a question
 * after that starts a read (one at a time, however many sends ask) and, while the copy is younger
 * than twice that, is answered from it at once, so a send never waits for the database in the
 * usual case; an older copy waits for the read. A stop committed anywhere is thus seen here
 * within about `2 × maxAgeMs` (500 ms by default), and at once after the switch's notice (`forget`).
 * The engine asks when it decides a batch (a stopped provider's pushes are SENDS_STOPPED
 * suppressions) and the dispatcher right before every call (a delivery decided before the stop
 * is not sent). A failed read is thrown, never taken for "not stopped".
 */
export class SendStops {
  private held: { state: StopState; readAtMs: number } | null = null;
  private reading: Promise<StopState> | null = null;
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeMs = 250,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The stopped scopes. `wait`: no answer from an old copy (the engine, whose database may be a
   * transaction that a read in the background must not interleave with).
   */
  async current(wait = false): Promise<StopState> {
    const age = this.held ? this.now() - this.held.readAtMs : Number.POSITIVE_INFINITY;
    if (age < this.maxAgeMs) return this.held!.state;
    const read = this.read();
    if (!wait && age < this.maxAgeMs * 2) {
      // A failed background read is the next question's to throw (the copy then runs out).
      read.catch(() => undefined);
      return this.held!.state;
    }
    return read;
  }

  private read(): Promise<StopState> {
    if (this.reading) return this.reading;
    const generation = this.generation;
    const startedMs = this.now();
    this.reading = readStops(this.db)
      .then((state) => {
        // A notice that came during the read may be newer than what it read: keep it for this call only.
        if (generation === this.generation) this.held = { state, readAtMs: startedMs };
        return state;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** Why a send of the provider may not go out now (the detail words), or null when it may. */
  async refusal(providerId: number | null | undefined, wait = false): Promise<string | null> {
    const stop = stopFor(await this.current(wait), providerId);
    return stop ? stopDetail(stop) : null;
  }

  /** The switch moved (its change notice): the next question reads it again. */
  forget(): void {
    this.generation += 1;
    this.held = null;
  }
}
