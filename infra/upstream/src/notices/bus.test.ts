import { describe, expect, it } from 'vitest';
import type { ChangeNotice, Offer } from '@odds/protocol';
import { ChangeBus, type ChangeTransport } from './bus';

/** Processes on one wire: what one sends, every attached one (the sender too) hears. */
function wire(maxMessageBytes?: number) {
  const handlers: ((message: string) => void)[] = [];
  const sent: string[] = [];
  const transport = (): ChangeTransport => ({
    kind: 'test',
    ...(maxMessageBytes && { maxMessageBytes }),
    send: async (message) => {
      sent.push(message);
      for (const handler of handlers) handler(message);
    },
    listen: async (handler) => void handlers.push(handler),
    close: async () => {},
  });
  return { transport, sent };
}

describe('change bus', () => {
  it('numbers notices, tells subscribers, and keeps recent ones for a resuming subscriber', () => {
    const bus = new ChangeBus();
    const seen: number[] = [];
    const stop = bus.subscribe((n) => seen.push(n.seq));
    bus.publish({ match_id: 1, topics: ['offers'], offer_ids: [5] });
    stop();
    const second = bus.publish({ match_id: 2, topics: ['deliveries'], delivery_ids: [9] });
    expect(seen).toEqual([1]);
    expect(second).toMatchObject({ seq: 2, match_id: 2, offer_ids: [], delivery_ids: [9], event_ids: [], reset: false });
    expect(bus.since(1).map((n) => n.seq)).toEqual([2]);
    expect(bus.subscribers).toBe(0);
  });

  it('announces what other processes publish, numbered in this process, never its own twice', async () => {
    const { transport, sent } = wire();
    const api = new ChangeBus();
    const worker = new ChangeBus();
    await api.attach(transport());
    await worker.attach(transport());
    const heard: string[] = [];
    api.subscribe((n) => heard.push(`${n.seq}:${n.match_id}:${n.offer_ids.join(',')}`));
    api.publish({ match_id: 1, topics: ['offers'], offer_ids: [5] });
    worker.publish({ match_id: 2, topics: ['offers'], offer_ids: [6, 7] });
    expect(heard).toEqual(['1:1:5', '2:2:6,7']);
    expect(worker.since(0).map((n) => n.match_id)).toEqual([1, 2]);
    expect(api.transportKind).toBe('test');
    // A long id list crosses as several messages, each small enough for a NOTIFY payload.
    worker.publish({ match_id: 3, topics: ['offers'], offer_ids: Array.from({ length: 1000 }, (_, i) => 100_000_000 + i) });
    expect(sent.length).toBe(5);
    expect(Math.max(...sent.map((m) => m.length))).toBeLessThan(8000);
    expect(api.since(2).flatMap((n) => n.offer_ids)).toHaveLength(1000);
  });

  it("carries a notice's offers to other processes when they fit the transport's message, and only their ids when not", async () => {
    const { transport } = wire(2_000);
    const api = new ChangeBus();
    const worker = new ChangeBus();
    await api.attach(transport());
    await worker.attach(transport());
    const heard: ChangeNotice[] = [];
    api.subscribe((n) => heard.push(n));
    const offer = (id: number) => ({ id, match_id: 1, note: 'x'.repeat(300) }) as unknown as Offer;
    worker.publish({ match_id: 1, topics: ['offers'], offer_ids: [5, 6], offers: [offer(5), offer(6)], publication: { epoch: 'e1', offset: 4 } });
    worker.publish({
      match_id: 1,
      topics: ['offers'],
      offer_ids: [7, 8, 9, 10, 11, 12],
      offers: [7, 8, 9, 10, 11, 12].map(offer),
      publication: { epoch: 'e1', offset: 5 },
    });
    // The publication always crosses: a relay that misses the offers reads them.
    expect(heard.map((n) => [n.offer_ids.length, n.offers?.length, n.publication?.offset])).toEqual([
      [2, 2, 4],
      [6, undefined, 5],
    ]);
    // In this process, the notice keeps them.
    expect(worker.since(0).map((n) => n.offers?.length)).toEqual([2, 6]);
  });

  it('resumes a subscriber of this life after its seq, and one of another life (a restart) with everything held', () => {
    const bus = new ChangeBus();
    bus.publish({ match_id: 1, topics: ['thresholds'] });
    const second = bus.publish({ match_id: 2, topics: ['content'] });
    expect(bus.eventId(second)).toBe(`${bus.life}.2`);
    expect(bus.resume(`${bus.life}.1`).map((n) => n.match_id)).toEqual([2]);
    expect(bus.resume('1').map((n) => n.match_id)).toEqual([2]);
    // An id of the previous process: its seq 7 says nothing about this one's notices.
    expect(bus.resume('0ldl1fe0.7').map((n) => n.match_id)).toEqual([1, 2]);
    expect(bus.resume(undefined)).toEqual([]);
  });

  it('confirms a publish once the transport took it, and refuses when it did not', async () => {
    const bus = new ChangeBus();
    await bus.attach({
      kind: 'test',
      listen: async () => {},
      close: async () => {},
      send: async () => {
        throw new Error('down');
      },
    });
    await expect(bus.publishConfirmed({ match_id: 1, topics: ['stats'] })).rejects.toThrow(/did not take/);
    expect(bus.sendFailures).toBe(1);
    const { transport } = wire();
    const other = new ChangeBus();
    await other.attach(transport());
    await expect(other.publishConfirmed({ match_id: 1, topics: ['stats'] })).resolves.toMatchObject({ seq: 1 });
  });
});
