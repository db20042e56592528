import type { Db } from '../../db/client';
import type { DispatchJob } from '../sends';
import type { AdapterContext, ChannelMessage, ChannelOutcome } from './adapter';
import { markChannel, openChannel, type OpenCredentials } from './credentials';
import { moveContact, retireContact } from './gone';
import { forgetIdleRecipients, pauseChannel, takeToken } from './pacing';
import { VENDORS } from './registry';
import type { ChannelSettings } from './settings';
import { databaseTokenStore } from './x-tokens';

/** How long opened credentials are reused before they are read again (a save or removal shows within this). */
const CREDENTIALS_TTL_MS = 5_000;

type VendorJob = DispatchJob & { route: { kind: 'vendor' } };
type Opened = { credentials: OpenCredentials | null; error: string | null };

/**
 * The vendor sends of one Dispatcher (docs/channels.md): the provider's credentials opened and
 * kept a few seconds, the shared pace taken before each call, the adapter called with its base
 * URL, and what its outcome means beyond the delivery: a gone recipient deactivates its contact,
 * a moved one (newRecipient) becomes the contact's device id, refused credentials mark the
 * channel failing (and a send that goes marks it configured again), a back-off pauses the
 * channel for every worker.
 */
export class VendorSends {
  private readonly opened = new Map<string, { atMs: number; value: Promise<Opened> }>();

  constructor(
    private readonly db: Db,
    private readonly settings: ChannelSettings,
    private readonly now: () => number,
  ) {}

  /** One lane, bucket and pause per app, bot or number: the provider's credentials for the vendor. */
  static laneOf(job: DispatchJob): string {
    return job.route.kind === 'vendor' ? `${job.route.vendor}:p${job.providerId}` : job.route.kind;
  }

  private open(providerId: number, vendor: string): Promise<Opened> {
    const key = `${providerId}:${vendor}`;
    const held = this.opened.get(key);
    if (held && Date.now() - held.atMs < CREDENTIALS_TTL_MS) return held.value;
    const value = openChannel(this.db, providerId, vendor, this.settings.secretsKey).then(
      (credentials) => ({ credentials, error: null }),
      (error: Error) => ({ credentials: null, error: error.message }),
    );
    this.opened.set(key, { atMs: Date.now(), value });
    return value;
  }

  /**
   * Takes the job's tokens: first its recipient's (a Telegram chat, a WhatsApp number), then its
   * sender's. `wait` 0: the job may call now; else how long it must wait, the job alone
   * (`recipient`: the lane's other jobs go meanwhile) or its whole lane (`lane`: the sender's pace
   * or a back-off). A recipient token taken is kept for the job while it waits for its sender's.
   */
  async pace(job: VendorJob): Promise<{ wait: number; scope: 'lane' | 'recipient' }> {
    const { vendor, recipient } = job.route;
    const { credentials } = await this.open(job.providerId!, vendor);
    if (!credentials) return { wait: 0, scope: 'lane' };
    const sender = `${vendor}:${credentials.id}`;
    const own = VENDORS[vendor]?.recipientPace?.(recipient);
    if (own && !this.recipientTaken.has(job.deliveryId)) {
      const wait = await takeToken(this.db, `${sender}:${own.key}`, own.rate, this.now());
      if (wait > 0) return { wait, scope: 'recipient' };
      this.recipientTaken.add(job.deliveryId);
      await this.forgetIdleBuckets();
    }
    const wait = await takeToken(this.db, sender, this.settings.rates[vendor] ?? 1, this.now());
    if (wait === 0) this.recipientTaken.delete(job.deliveryId);
    return { wait, scope: 'lane' };
  }

  /** The job leaves this worker (put back in the database): a recipient token it held is given up. */
  release(deliveryId: number): void {
    this.recipientTaken.delete(deliveryId);
  }

  private readonly recipientTaken = new Set<number>();
  private forgotAtMs = 0;

  /** A recipient's bucket idle for an hour is full, as a new one would be: dropped (at most once a minute), so rows do not pile up per chat. */
  private async forgetIdleBuckets(): Promise<void> {
    if (this.now() - this.forgotAtMs < 60_000) return;
    this.forgotAtMs = this.now();
    await forgetIdleRecipients(this.db, this.now() - 3_600_000);
  }

  async send(job: VendorJob, message: Omit<ChannelMessage, 'recipient'>, timeoutMs: number): Promise<ChannelOutcome> {
    const { vendor } = job.route;
    const entry = VENDORS[vendor];
    if (!entry) return { kind: 'failed', error: `no adapter for ${vendor}` };
    const { credentials, error } = await this.open(job.providerId!, vendor);
    if (error) return { kind: 'misconfigured', error: `${entry.name}: ${error}` };
    if (!credentials) return { kind: 'failed', error: `channel not configured: the provider has no ${entry.name} credentials any more` };
    if (this.now() >= message.expiresAtMs) return { kind: 'failed', error: 'expired: not sent within CHANNEL_MESSAGE_TTL of its offer, so not sent late' };
    const context: AdapterContext = {
      baseUrl: this.settings.urls[vendor] ?? entry.baseUrl.default,
      ...(this.settings.tokenUrls[vendor] && { tokenUrl: this.settings.tokenUrls[vendor] }),
      ca: this.settings.cas[vendor] ?? null,
      signal: AbortSignal.timeout(timeoutMs),
      now: this.now,
      // Tokens a vendor rotates (X's) are renewed once for every worker: the database keeps the pair.
      ...(this.settings.secretsKey && { tokens: databaseTokenStore(this.db, this.settings.secretsKey, credentials.id, this.now) }),
    };
    let outcome: ChannelOutcome;
    try {
      outcome = await entry.adapter.send({ ...message, recipient: job.route.recipient }, credentials.values as never, context);
    } catch (thrown) {
      outcome = { kind: 'retry', error: `${entry.name}: ${(thrown as Error).name}` };
    }
    await this.after(job, credentials, outcome);
    return outcome;
  }

  /** What an outcome means for the contact, the channel's state and its pace. */
  private async after(job: VendorJob, credentials: OpenCredentials, outcome: ChannelOutcome): Promise<void> {
    const key = `${job.providerId}:${job.route.vendor}`;
    try {
      if (outcome.kind === 'gone' && job.contactId !== undefined) await retireContact(this.db, job.contactId, outcome.error);
      // The vendor moved the recipient (a Telegram group that became a supergroup): the contact follows it.
      if (outcome.kind === 'sent' && outcome.newRecipient && job.contactId !== undefined)
        await moveContact(this.db, job.contactId, job.route.recipient.value, outcome.newRecipient.value);
      if (outcome.kind === 'misconfigured') {
        await markChannel(this.db, credentials.id, 'failing', outcome.error);
        this.opened.delete(key);
      }
      if (outcome.kind === 'sent' && credentials.state === 'failing') {
        await markChannel(this.db, credentials.id, 'configured', null);
        this.opened.delete(key);
      }
      if (outcome.kind === 'backoff') await pauseChannel(this.db, `${job.route.vendor}:${credentials.id}`, this.now() + outcome.retryAfterMs, this.now());
    } catch {
      // The database is away: the delivery's own outcome is still settled (or retried) by the caller.
    }
  }
}
