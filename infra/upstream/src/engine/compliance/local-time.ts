/**
 * A recipient's local clock from an instant and an IANA time zone, with Intl (the zone database
 * Node ships), so daylight saving is the zone's own: 01:30 on the night clocks go forward does
 * not exist, 01:30 on the night they go back happens twice, and a local day may last 23 or 25 hours.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the zone is one this runtime knows (Europe/London yes, Mars/Olympus no). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallOf(ms: number, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at an instant, in ms (London in summer: +3,600,000). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallOf(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant a local wall time (as UTC-fields ms) happens, the earlier one when it happens twice. */
function instantOf(wallMs: number, timeZone: string): number {
  const first = wallMs - offsetAt(wallMs, timeZone);
  const second = wallMs - offsetAt(first, timeZone);
  return Math.min(first, second);
}

interface LocalClock {
  /** Minutes since local midnight (0..1439). */
  minutes: number;
  /** The local calendar day, YYYY-MM-DD. */
  day: string;
  /** When the local day began and ends, as instants (ms). */
  dayStartMs: number;
  dayEndMs: number;
}

export function localClock(ms: number, timeZone: string): LocalClock {
  const w = wallOf(ms, timeZone);
  const midnight = Date.UTC(w.year, w.month - 1, w.day);
  return {
    minutes: w.hour * 60 + w.minute,
    day: `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`,
    dayStartMs: instantOf(midnight, timeZone),
    dayEndMs: instantOf(midnight + 86_400_000, timeZone),
  };
}

/** 22:00 → 1320. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
