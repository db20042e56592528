import { createHash } from 'node:crypto';

/**
 * What the relay knows of a token before the upstream is asked, shared by the upstream client and
 * the live path's admission (a ground room: it imports nothing of the relay).
 */

/** Longer tokens are refused before the upstream is asked: real ones are a few dozen characters. */
export const MAX_TOKEN_LENGTH = 16 * 1024;

/** Tokens are kept by digest: a map of raw 16 KB strings would let a client grow the relay's memory. */
export const keyOf = (token: string) => (token.length <= 64 ? token : createHash('sha256').update(token).digest('base64url'));
