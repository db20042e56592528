import { useMutation } from '@tanstack/react-query';
import { queryClient } from './queries';

/**
 * A form's save as a TanStack mutation: `run(save)` runs it and answers (or rejects) as `save` does;
 * `saving` is true while one runs. Errors are left to the caller and the API client (no retry, no
 * mutation-level reporting), so a form shows a failure as it did and keeps what was typed.
 * `T` is what the save answers, when the caller uses it.
 */
export function useSaving<T = void>() {
  const { isPending, mutateAsync } = useMutation({ mutationFn: (save: () => Promise<T>) => save() }, queryClient);
  return { saving: isPending, run: mutateAsync };
}
