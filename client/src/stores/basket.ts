import { routes, type BasketItem, type MatchContent } from '@odds/protocol';
import { proxy } from 'valtio';
import { api } from '../api/client';
import { matchContentInput, matchContentLabel } from './matchContentInput';

export type { BasketItem };

/**
 * Match content picked from Preview tabs across matches for a combined delivery (SPEC §2 Basket
 * popup), kept per operator by the content service so it follows them between browsers. Adding
 * and removing save at once, so the top-bar count is what is stored; 'Required to trigger' is
 * saved with Save. `hold` mirrors the match content's own flag (SPEC §4 Hold/Send).
 */
export const basketStore = proxy({ items: [] as BasketItem[], required: 0, loaded: false, saving: false });

/** 'Required to trigger' after the item count changes: it follows the count while at its default, and never exceeds it (SPEC §5). */
export function nextRequired(required: number, oldCount: number, newCount: number): number {
  if (required >= oldCount) return newCount;
  return Math.max(0, Math.min(required, newCount));
}

/** A typed value of 'Required to trigger', kept between 1 and the item count (0 when empty). */
const clampRequired = (value: number, count: number) => (count === 0 ? 0 : Math.min(count, Math.max(1, Math.round(value))));

export async function loadBasket(): Promise<void> {
  try {
    const basket = await api(routes.basket, { silent: true });
    basketStore.items = basket.items;
    basketStore.required = clampRequired(basket.required || basket.items.length, basket.items.length);
  } catch {
    // Without a stored basket the operator starts empty; the next save tells them if the service is down.
  } finally {
    basketStore.loaded = true;
  }
}

export async function saveBasket(): Promise<boolean> {
  basketStore.saving = true;
  try {
    const saved = await api(routes.basketSave, { body: { items: basketStore.items.map((i) => ({ ...i })), required: basketStore.required } });
    basketStore.items = saved.items;
    basketStore.required = saved.required;
    return true;
  } catch {
    return false;
  } finally {
    basketStore.saving = false;
  }
}

function setItems(items: BasketItem[]) {
  basketStore.required = nextRequired(basketStore.required, basketStore.items.length, items.length);
  basketStore.items = items;
}

const inBasket = (matchContentId: number) => basketStore.items.some((i) => i.match_content_id === matchContentId);

export function addToBasket(content: MatchContent): Promise<boolean> {
  if (inBasket(content.id)) return Promise.resolve(true);
  setItems([...basketStore.items, { match_content_id: content.id, match_id: content.match_id, label: matchContentLabel(content), hold: content.hold }]);
  return saveBasket();
}

export function removeFromBasket(matchContentId: number): Promise<boolean> {
  setItems(basketStore.items.filter((item) => item.match_content_id !== matchContentId));
  return saveBasket();
}

export function setRequired(value: number): void {
  basketStore.required = clampRequired(value, basketStore.items.length);
}

/** Hold/Send: flips the match content's hold flag through the match content save, then the basket's mirror of it. */
export async function toggleHold(matchContentId: number): Promise<void> {
  const item = basketStore.items.find((entry) => entry.match_content_id === matchContentId);
  if (!item) return;
  try {
    const { results } = await api(routes.matchContent, { params: { matchId: item.match_id } });
    const record = results.find((mc) => mc.id === matchContentId);
    if (!record) throw new Error('gone');
    const saved = await api(routes.matchContentSave, { params: { matchId: item.match_id }, body: matchContentInput(record, { hold: !item.hold }) });
    item.hold = saved.hold;
    await saveBasket();
  } catch {
    // The API client has shown why; the item keeps its state.
  }
}
