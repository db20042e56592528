import type { ErrorReply } from '@odds/protocol';
import { PERMISSION_MESSAGE, reportError } from '../feedback/errors';
import { operatorMessage } from './errorText';
import { navigateHome } from './navigation';

/** A failed call. `status` is 0 when no reply arrived (network down, server unreachable). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reply?: ErrorReply,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorFlags {
  /** A 403 keeps the operator on this screen instead of going home. */
  remain?: boolean;
  /**
   * The caller shows this call's failure itself (the login form); the error list is left alone,
   * and a 401 comes back at once instead of waiting for the operator to sign in again.
   */
  silent?: boolean;
  /** Statuses the caller shows itself (409: the conflict dialog); others are reported as usual, and a 401 still waits for a sign-in. */
  shows?: readonly number[];
}

/** Builds the error of a non-2xx reply, taking the server's `message` where it sent one. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let reply: ErrorReply | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as ErrorReply).message === 'string') {
      reply = parsed as ErrorReply;
    }
  } catch {
    // Not JSON (a proxy's HTML page, plain text): fall through to the text or the status line.
  }
  const plain = text && !text.trimStart().startsWith('<') ? text : '';
  // Schema errors are put in the operator's words (errorText.ts); the reply keeps the server's.
  const message = operatorMessage(reply?.message || plain || `${response.status} ${response.statusText}`.trim());
  return new ApiError(response.status, message, reply);
}

/** The error catalogue of SPEC §8 for REST calls. */
export function handleApiError(error: ApiError, flags: ErrorFlags): void {
  if (flags.silent || flags.shows?.includes(error.status)) return;
  switch (error.status) {
    case 401:
      // Ignored by the handler (SPEC §8): the API client has asked the operator to sign in again.
      return;
    case 403:
      reportError(PERMISSION_MESSAGE);
      if (!flags.remain) navigateHome();
      return;
    default:
      // 400 and 500 carry the server's text in `message`; anything else is shown as-is.
      reportError(error.message);
  }
}
