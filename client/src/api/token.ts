import { readString, writeString } from '../lib/storage';

/** localStorage key of the session token (SPEC §4: unauthenticated until it exists). */
export const TOKEN_KEY = 'token';

export const readToken = (): string | null => readString(TOKEN_KEY) || null;
export const saveToken = (token: string): void => writeString(TOKEN_KEY, token);
export const forgetToken = (): void => writeString(TOKEN_KEY, null);
