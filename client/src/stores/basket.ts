import { proxy, subscribe } from 'valtio';
import { readJson, writeJson } from '../lib/storage';

const BASKET_KEY = 'basket';

/**
 * One piece of match content picked from a Preview tab for a combined delivery. The content
 * screens add items; `hold` keeps an item in the basket without sending it (SPEC §4 Hold/Send).
 */
export interface BasketItem {
  contentId: number;
  matchId: number;
  hold: boolean;
}

/** Content selected across matches, kept across reloads. */
export const basketStore = proxy({ items: readItems() });

function readItems(): BasketItem[] {
  const stored = readJson<unknown>(BASKET_KEY, []);
  return Array.isArray(stored) ? (stored as BasketItem[]) : [];
}

subscribe(basketStore, () => writeJson(BASKET_KEY, basketStore.items));

export function removeFromBasket(contentId: number): void {
  basketStore.items = basketStore.items.filter((item) => item.contentId !== contentId);
}

export function toggleHold(contentId: number): void {
  const item = basketStore.items.find((entry) => entry.contentId === contentId);
  if (item) item.hold = !item.hold;
}
