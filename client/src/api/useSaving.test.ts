import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { useSaving } from './useSaving';

/** A save the test answers when it says. */
function pendingSave<T>() {
  let answer!: (value: T) => void;
  let refuse!: (error: unknown) => void;
  const save = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        answer = resolve;
        refuse = reject;
      }),
  );
  return { save, answer: (value: T) => answer(value), refuse: (error: unknown) => refuse(error) };
}

describe('useSaving', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('is saving while the save runs, and answers what the save answered once it is done', async () => {
    const { result } = renderHook(() => useSaving<string>());
    expect(result.current.saving).toBe(false);
    const { save, answer } = pendingSave<string>();
    let done!: Promise<string>;
    act(() => {
      done = result.current.run(save);
    });
    await waitFor(() => expect(result.current.saving).toBe(true));
    expect(save).toHaveBeenCalledTimes(1);
    answer('saved');
    await expect(done).resolves.toBe('saved');
    await waitFor(() => expect(result.current.saving).toBe(false));
  });

  it('after a failure is no longer saving, and rejects with the very error, tried once, so the caller reports it as before', async () => {
    const { result } = renderHook(() => useSaving());
    const { save, refuse } = pendingSave<void>();
    const refused = new ApiError(400, 'Name is required');
    let done!: Promise<void>;
    act(() => {
      done = result.current.run(save);
      // Caught at once, as every caller's try/catch does: no unhandled rejection.
      done.catch(() => undefined);
    });
    await waitFor(() => expect(result.current.saving).toBe(true));
    refuse(refused);
    await expect(done).rejects.toBe(refused);
    await waitFor(() => expect(result.current.saving).toBe(false));
    // No retry of a save (api() decides which saves go again), and the hook still renders: the error is not thrown into React.
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.run).toBeTypeOf('function');
  });

  it('runs a save asked offline at once (the API client says the services cannot be reached) instead of holding it for the network', async () => {
    onlineManager.setOnline(false);
    const { result } = renderHook(() => useSaving());
    const unreachable = new ApiError(0, 'The services cannot be reached');
    const save = vi.fn(() => Promise.reject(unreachable));
    let done!: Promise<void>;
    act(() => {
      done = result.current.run(save);
      done.catch(() => undefined);
    });
    await expect(done).rejects.toBe(unreachable);
    expect(save).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.saving).toBe(false));
  });
});
