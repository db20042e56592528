import { proxy } from 'valtio';

/** Shown on a 403 reply (SPEC §6 and §8), word for word. */
export const PERMISSION_MESSAGE = 'You do not have permission to perform this action';

export interface ErrorEntry {
  id: number;
  text: string;
}

/** Errors the operator has not dismissed yet, oldest first. */
export const errorsStore = proxy({ items: [] as ErrorEntry[] });

let nextId = 1;

/** Adds a message unless the same text is already shown (SPEC §8: duplicates are not repeated). */
export function reportError(text: string): void {
  const message = text.trim() || 'Unexpected error';
  if (errorsStore.items.some((entry) => entry.text === message)) return;
  errorsStore.items.push({ id: nextId++, text: message });
}

export function dismissError(id: number): void {
  errorsStore.items = errorsStore.items.filter((entry) => entry.id !== id);
}

export function clearErrors(): void {
  errorsStore.items = [];
}
