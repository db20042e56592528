import { isEventMessage, type UofMessage } from './messages';
import { UofParseError } from './parse';

/** UOF's producer ids are small; a message naming another is not UOF's. */
const MAX_PRODUCER_ID = 10_000;
/** A timestamp further ahead of our clock than this is not a clock's skew but a broken message. */
const MAX_AHEAD_MS = 24 * 3600_000;

/**
 * Refused before parsing: a DOCTYPE (UOF never sends one; its entities could expand a small body
 * into a huge one). Thrown as a parse error: the adapter dead-letters it at once as malformed.
 */
export function screenUof(body: Buffer | string): void {
  const head = typeof body === 'string' ? body.slice(0, 4096) : body.subarray(0, 4096).toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(head)) throw new UofParseError('XML with a DOCTYPE is refused (UOF sends none; its entities could expand without bound)');
}

/**
 * What a well-formed message may still not say: a producer id UOF does not use, a timestamp a
 * day or more ahead of our clock (one such would become the producer's last good time and every
 * later message would look old), a negative start time. Dead-lettered at once as malformed.
 */
export function checkPlausible(message: UofMessage, nowMs: number): void {
  const where = message.type;
  if (message.product < 1 || message.product > MAX_PRODUCER_ID) throw new UofParseError(`${where}: product="${message.product}" is not a UOF producer id`);
  if (message.timestamp < 0 || message.timestamp > nowMs + MAX_AHEAD_MS)
    throw new UofParseError(`${where}: timestamp="${message.timestamp}" is not a time UOF could have sent it at`);
  if (isEventMessage(message) && message.type === 'fixture_change' && message.startTime !== null && message.startTime < 0)
    throw new UofParseError(`${where}: start_time="${message.startTime}" is before 1970`);
}
