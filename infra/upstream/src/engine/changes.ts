import type { ChangeNotice } from '@odds/protocol';

type Listener = (notice: ChangeNotice) => void;

/** Notices kept for subscribers that reconnect with Last-Event-ID. */
const KEEP = 1000;

/**
 * The change stream: every ingest, delivery status change and reset of a match is announced with
 * an increasing `seq`, so the relay polls a match at once instead of at its next tick. In-process:
 * with several upstream instances, each announces its own changes (the relay still polls).
 */
export class ChangeBus {
  private seq = 0;
  private readonly recent: ChangeNotice[] = [];
  private readonly listeners = new Set<Listener>();

  publish(change: Omit<ChangeNotice, 'seq' | 'at' | 'offer_ids' | 'delivery_ids' | 'event_ids' | 'reset'> & Partial<ChangeNotice>): ChangeNotice {
    this.seq += 1;
    const notice: ChangeNotice = {
      offer_ids: [], delivery_ids: [], event_ids: [], reset: false, ...change, seq: this.seq, at: new Date().toISOString(),
    };
    this.recent.push(notice);
    if (this.recent.length > KEEP) this.recent.shift();
    for (const listener of this.listeners) listener(notice);
    return notice;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notices after `seq` still held (for a resuming subscriber). */
  since(seq: number): ChangeNotice[] {
    return this.recent.filter((n) => n.seq > seq);
  }

  get subscribers(): number {
    return this.listeners.size;
  }
}
