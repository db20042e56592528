import { describe, expect, it } from 'vitest';
import { ChangeBus } from './changes';

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
});
