import { useRef } from 'react';

/**
 * The same object as last render while none of its own properties changed (compared with
 * Object.is): a hook's result rebuilt on every render (`{...state, ...fetched}`) keeps its identity,
 * so memoized children and deferred values skip the renders that change nothing.
 */
export function useShallowStable<T extends object>(value: T): T {
  const previous = useRef(value);
  if (previous.current !== value && !shallowEqual(previous.current, value)) previous.current = value;
  return previous.current;
}

export function shallowEqual(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
