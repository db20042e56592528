import { DeliveryReport, DeliveryStats } from '@odds/protocol';
import { Value } from 'typebox/value';

/**
 * The figures of a delivery, checked against the contract wherever they come from: a receiver's
 * answer is something a stranger wrote, and a stored value may predate a rule, so neither reaches
 * a screen unchecked (a reply that does not match its schema is a 500 for every operator).
 */

/** What a receiver's 2xx answer says about figures: stats, or why its `report` was ignored. */
export interface ReceiverReport {
  stats: DeliveryStats | null;
  /** Set when the answer had a `report` of the wrong shape (logged, and the figures stay N/A). */
  ignored: string | null;
}

const SHAPE = '{ios, android, total}, each {sent, open} whole numbers';

/** A receiver's answer body: `{report: {ios, android, total}}` gives channel figures; anything else none. */
export function receiverReport(text: string, truncated: boolean): ReceiverReport {
  if (!text.trim()) return { stats: null, ignored: null };
  if (truncated) return { stats: null, ignored: 'the answer was larger than the 64 KiB read' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { stats: null, ignored: null }; // Any answer is fine; only a JSON report is read.
  }
  if (typeof body !== 'object' || body === null || !('report' in body)) return { stats: null, ignored: null };
  const report = (body as { report: unknown }).report;
  if (report === null) return { stats: { report: null, source: 'channel' }, ignored: null };
  if (!Value.Check(DeliveryReport, report)) return { stats: null, ignored: `its report is not ${SHAPE}` };
  const { ios, android, total } = report;
  return { stats: { report: { ios, android, total }, source: 'channel' }, ignored: null };
}

/** Stored figures as the contract has them, or null (N/A) for a value that does not match it. */
export function storedStats(value: unknown): DeliveryStats | null {
  return Value.Check(DeliveryStats, value) ? value : null;
}
