import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Takes or renews the lease `name` for `owner` until `ttlMs` from now, on the database's clock (one
 * clock for every process): true while it is this owner's. Another owner takes it only once it
 * expired, so two processes never both hold it.
 */
export async function claimLease(db: Db, name: string, owner: string, ttlMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into process_leases (name, owner, expires_at) values (${name}, ${owner}, now() + ${ttlMs} * interval '1 millisecond')
    on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
    where process_leases.owner = excluded.owner or process_leases.expires_at < now()
    returning owner`);
  return rowsOf<{ owner: string }>(result).length === 1;
}

/** Gives the lease up at once (a stopping holder), so another process need not wait out its time. */
async function releaseLease(db: Db, name: string, owner: string): Promise<void> {
  await db.execute(sql`delete from process_leases where name = ${name} and owner = ${owner}`);
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface LeasedJob {
  close(): Promise<void>;
}

/**
 * Runs `start` only while this process holds the lease `name`: claims it every third of `ttlMs`,
 * starts the job when it wins it, and stops the job when a renewal fails or finds the lease taken,
 * before its time runs out (a holder that cannot reach the database steps down by itself, so a
 * successor that took the expired lease is alone). A standby process keeps trying and takes over
 * within `ttlMs` of the holder's end, at once when the holder released it on a clean stop.
 */
export class LeaseHolder {
  readonly owner = randomUUID();
  private job: LeasedJob | null = null;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> = Promise.resolve();
  private renewedAt = 0;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly ttlMs: number,
    private readonly start: () => Promise<LeasedJob>,
    private readonly log: Logger,
    private readonly onStandby: () => void = () => {},
  ) {}

  /** Whether this process runs the job now. */
  get holding(): boolean {
    return this.job !== null;
  }

  /** The first claim (awaited), then a claim every third of the lease's time. */
  async run(): Promise<void> {
    await this.tick();
    this.timer = setInterval(
      () => {
        this.round = this.round.then(() => this.tick());
      },
      Math.max(10, Math.floor(this.ttlMs / 3)),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.round;
    if (this.job) {
      await this.stopJob('stopping');
      await releaseLease(this.db, this.name, this.owner).catch(() => {});
    }
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    let won: boolean;
    try {
      won = await claimLease(this.db, this.name, this.owner, this.ttlMs);
    } catch (error) {
      // Unreachable database: keep the job only while the last renewal still covers it.
      if (this.job && Date.now() - this.renewedAt > (this.ttlMs * 2) / 3) await this.stopJob('renewal failed');
      this.log.warn({ err: error, lease: this.name }, 'lease claim failed');
      return;
    }
    if (won) {
      this.renewedAt = Date.now();
      if (!this.job && !this.closed) {
        this.log.info({ lease: this.name, owner: this.owner }, 'lease won: starting');
        this.job = await this.start();
      }
    } else if (this.job) {
      await this.stopJob('taken by another process');
    } else {
      this.onStandby();
    }
  }

  private async stopJob(why: string): Promise<void> {
    const job = this.job;
    this.job = null;
    this.log.warn({ lease: this.name, why }, 'lease lost: stopping');
    await job?.close();
    this.onStandby();
  }
}
