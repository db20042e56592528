import { describe, expect, it } from 'vitest';
import { RecordIndex } from './diff';
import { HeldOffers } from './held-offers';
import { Outline, outlineOf, type OfferRecord } from './outline';
import { boundSnapshot } from './snapshot';
import { MemoryStore } from './store';

/** A match's offers as a feed writes them: a few markets, the clock moving on, now and then a goal. */
function offers(count: number, seed: number): OfferRecord[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  let home = 0;
  return Array.from({ length: count }, (_, i) => {
    if (random() < 0.01) home += 1;
    const prematch = i < count / 20;
    return {
      id: 1_000 + i * 2,
      market_id: 1 + Math.floor(random() * 3),
      match_time: prematch ? null : Math.floor(i * 1.5),
      prematch,
      score: `H${home}-A0`,
      outcome_map: { home: 1_500 + Math.floor(random() * 1_000) },
    };
  });
}

/** Commits `all` in batches of 1 to `most` offers, as the poller does: diff, plan, commit, apply. */
async function commitInBatches(store: MemoryStore, held: HeldOffers, all: OfferRecord[], most: number): Promise<void> {
  const fence = store.nextFence(1);
  const index = new RecordIndex();
  for (let at = 0; at < all.length; ) {
    const batch = all.slice(at, at + 1 + ((at * 7) % most));
    at += batch.length;
    const change = index.diff(batch, false);
    const trim = held.plan(change);
    await store.commit(1, 'offers', fence, change, trim);
    index.apply(change);
    held.apply(change, trim);
    if (trim) index.forget(trim.drop);
    expect(index.size).toBeLessThanOrEqual(held.limit);
  }
}

describe('the offers held live, bounded', () => {
  it('folds offers into an outline batch by batch as outlineOf does at once', () => {
    const all = offers(3_000, 7);
    const outline = new Outline();
    for (let at = 0; at < all.length; at += 37) outline.fold(all.slice(at, at + 37));
    expect(outline.list()).toEqual(outlineOf(all));
    // What is stored is enough to go on: an outline rebuilt from its entries folds the next offers alike.
    const more = offers(3_500, 7).slice(3_000);
    expect(Outline.from(outline.entries()).fold(more).list()).toEqual(outlineOf([...all, ...more]));
  });

  it('keeps the newest offers and the outline of the rest: the same first snapshot as every offer held', async () => {
    const all = offers(2_500, 11);
    const bounded = new MemoryStore();
    const held = new HeldOffers();
    await commitInBatches(bounded, held, all, 40);
    const state = await bounded.snapshot(1, 'offers');
    expect(state.records).toHaveLength(held.limit);
    // The outline grows with the clock and the markets, not the offers: far fewer points than offers.
    expect(state.outline!.length).toBeLessThan(all.length / 4);
    const everything = boundSnapshot('offers', { epoch: state.epoch, seq: state.seq, records: all });
    const snapshot = boundSnapshot('offers', state);
    expect(snapshot.items).toEqual(everything.items);
    expect(snapshot.more).toBe(true);
    expect(snapshot.outline).toEqual(everything.outline);
  });

  it('goes on after a new poller loads the stored state, and a whole read outlines all it is not holding', async () => {
    const all = offers(1_200, 5);
    const store = new MemoryStore();
    await commitInBatches(store, new HeldOffers(), all.slice(0, 700), 25);
    const next = new HeldOffers();
    next.load(await store.snapshot(1, 'offers'));
    await commitInBatches(store, next, all.slice(700), 25);
    const state = await store.snapshot(1, 'offers');
    expect(boundSnapshot('offers', state).outline).toEqual(outlineOf(all.slice(0, -next.limit)));

    // The same offers read whole: nothing to change. A rewritten feed (every second offer): a new outline.
    const same = next.split(all);
    expect(same.newest.map((offer) => offer.id)).toEqual(state.records.map((record) => record.id).sort((a, b) => b - a));
    expect(next.holdsOutline(same.older)).toBe(true);
    const rewritten = all.filter((_, i) => i % 2 === 0);
    const whole = next.split(rewritten);
    expect(next.holdsOutline(whole.older)).toBe(false);
    const index = new RecordIndex();
    index.load(state.records);
    const change = index.diff(whole.newest, true);
    const trim = next.plan(change, whole.older)!;
    expect(trim.fresh).toBe(true);
    await store.commit(1, 'offers', 2, change, trim);
    const after = await store.snapshot(1, 'offers');
    expect(after.records.map((record) => record.id).sort((a, b) => a - b)).toEqual(
      rewritten
        .slice(-next.limit)
        .map((offer) => offer.id)
        .sort((a, b) => a - b),
    );
    expect(boundSnapshot('offers', after).outline).toEqual(outlineOf(rewritten.slice(0, -next.limit)));
  });
});
