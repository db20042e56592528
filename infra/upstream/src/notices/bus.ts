import { randomUUID } from 'node:crypto';
import type { ChangeNotice } from '@odds/protocol';

type Listener = (notice: ChangeNotice) => void;

/** Notices kept for subscribers that reconnect with Last-Event-ID. */
const KEEP = 1000;
/** Ids per notice sent between processes (Postgres NOTIFY payloads stop at 8,000 bytes). */
const IDS_PER_MESSAGE = 400;

/**
 * How notices travel between processes (transports.ts: Postgres LISTEN/NOTIFY, or
 * Redis pub/sub): `send` reaches every process attached, this one included.
 */
export interface ChangeTransport {
  readonly kind: string;
  /** The longest message it takes (in UTF-8 bytes); none when absent. */
  readonly maxMessageBytes?: number;
  send(message: string): Promise<void>;
  listen(onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** A notice to publish: what changed; the bus fills in seq, time and empty id lists. */
export type Change = Omit<ChangeNotice, 'seq' | 'at' | 'offer_ids' | 'delivery_ids' | 'event_ids' | 'reset'> & Partial<ChangeNotice>;

/** What crosses between processes: the notice without this process's seq, and who sent it. */
interface Wire {
  origin: string;
  notice: Omit<ChangeNotice, 'seq'>;
}

/** A notice without the offers it carries (its ids still name them: a relay reads them). */
function withoutOffers({ offers: _offers, ...notice }: Omit<ChangeNotice, 'seq'>): Omit<ChangeNotice, 'seq'> {
  return notice;
}

/** A notice with many ids as several, each within a transport message's size (carrying no offers). */
function split(notice: Omit<ChangeNotice, 'seq'>): Omit<ChangeNotice, 'seq'>[] {
  const ids = notice.offer_ids.length + notice.delivery_ids.length + notice.event_ids.length;
  if (ids <= IDS_PER_MESSAGE) return [notice];
  notice = withoutOffers(notice);
  const parts: Omit<ChangeNotice, 'seq'>[] = [];
  const lists = (['offer_ids', 'delivery_ids', 'event_ids'] as const).flatMap((key) => notice[key].map((id) => [key, id] as const));
  for (let at = 0; at < lists.length; at += IDS_PER_MESSAGE) {
    const part = { ...notice, offer_ids: [] as number[], delivery_ids: [] as number[], event_ids: [] as number[] };
    for (const [key, id] of lists.slice(at, at + IDS_PER_MESSAGE)) part[key].push(id);
    parts.push(part);
  }
  return parts;
}

/**
 * The change stream: every ingest, delivery status change and reset of a match is announced with
 * an increasing `seq`, so the relay polls a match at once instead of at its next tick. Without a
 * transport it is in-process (the embedded default). With one (`attach`), what any process
 * publishes reaches the subscribers of every process: each numbers the notices it hands out in
 * its own `seq` (a resuming subscriber resumes on the process it follows).
 */
export class ChangeBus {
  private seq = 0;
  private readonly recent: ChangeNotice[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly origin = randomUUID();
  /**
   * This bus's life (its seqs start again at 1 in the next one): the change stream's event ids
   * carry it, so a subscriber resuming with an id of another life (the process restarted) gets
   * every notice still held rather than those above a seq that meant something else.
   */
  readonly life = randomUUID().slice(0, 8);
  private transport: ChangeTransport | null = null;
  /** Notices a transport failed to send (the process carries on: the relay still polls). */
  sendFailures = 0;
  private readonly sending = new Set<Promise<unknown>>();

  publish(change: Change): ChangeNotice {
    return this.publishWith(change).notice;
  }

  /**
   * Publishes and waits until the other processes' transport has it; rejects when it could not be
   * sent (the outbox publisher keeps the row and tries again).
   */
  async publishConfirmed(change: Change): Promise<ChangeNotice> {
    const { notice, sent } = this.publishWith(change);
    const results = await Promise.all(sent);
    if (results.some((ok) => !ok)) throw new Error(`change stream: the ${this.transportKind} transport did not take a notice`);
    return notice;
  }

  private publishWith(change: Change): { notice: ChangeNotice; sent: Promise<boolean>[] } {
    const notice = this.deliver({ offer_ids: [], delivery_ids: [], event_ids: [], reset: false, ...change, at: new Date().toISOString() });
    const sent: Promise<boolean>[] = [];
    if (this.transport) {
      const { seq: _seq, ...bare } = notice;
      const limit = this.transport.maxMessageBytes ?? Number.POSITIVE_INFINITY;
      for (const part of split(bare)) {
        let message = JSON.stringify({ origin: this.origin, notice: part } satisfies Wire);
        // Carried offers that do not fit stay behind: the relays read them.
        if (part.offers && Buffer.byteLength(message) > limit) message = JSON.stringify({ origin: this.origin, notice: withoutOffers(part) } satisfies Wire);
        const one = this.transport.send(message).then(
          () => true,
          () => {
            this.sendFailures += 1;
            return false;
          },
        );
        this.sending.add(one);
        void one.finally(() => this.sending.delete(one));
        sent.push(one);
      }
    }
    return { notice, sent };
  }

  private deliver(change: Omit<ChangeNotice, 'seq'>): ChangeNotice {
    this.seq += 1;
    const notice: ChangeNotice = { ...change, seq: this.seq };
    this.recent.push(notice);
    if (this.recent.length > KEEP) this.recent.shift();
    for (const listener of this.listeners) listener(notice);
    return notice;
  }

  /** Announces what other processes publish here, and what is published here to them. */
  async attach(transport: ChangeTransport): Promise<void> {
    await transport.listen((message) => {
      let wire: Wire;
      try {
        wire = JSON.parse(message) as Wire;
      } catch {
        return;
      }
      if (wire.origin !== this.origin && wire.notice && typeof wire.notice.match_id === 'number') this.deliver(wire.notice);
    });
    this.transport = transport;
  }

  /** Waits until what was published has been handed to the transport (a short-lived process before it exits). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }

  async detach(): Promise<void> {
    const transport = this.transport;
    this.transport = null;
    await transport?.close();
  }

  /** How notices reach other processes: 'in-process', 'postgres' or 'redis'. */
  get transportKind(): string {
    return this.transport?.kind ?? 'in-process';
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notices after `seq` still held (for a resuming subscriber). */
  since(seq: number): ChangeNotice[] {
    return this.recent.filter((n) => n.seq > seq);
  }

  /** The change stream's event id of a notice (of the newest one when none is named): this life and its seq. */
  eventId(notice?: ChangeNotice): string {
    return `${this.life}.${notice?.seq ?? this.seq}`;
  }

  /**
   * What a subscriber resuming with Last-Event-ID `id` missed: the notices after its seq when the
   * id is of this life (a bare seq is taken as one), every notice held when it is of another.
   */
  resume(id: string | undefined): ChangeNotice[] {
    if (!id) return [];
    const [life, seq] = id.includes('.') ? id.split('.', 2) : [this.life, id];
    if (life !== this.life) return [...this.recent];
    const after = Number(seq);
    return Number.isInteger(after) && after >= 0 ? this.since(after) : [];
  }

  get subscribers(): number {
    return this.listeners.size;
  }
}
