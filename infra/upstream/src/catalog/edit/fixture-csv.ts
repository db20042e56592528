import { CsvError, parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { Errors } from '../../errors';

/** The columns of a fixtures file, in order (a first line naming them is a header and skipped). */
const FIXTURE_COLUMNS = ['date', 'time', 'time zone', 'home', 'away', 'league'] as const;

/** One line of the file read: its kick-off in UTC and its names, or why it cannot be. */
export type FixtureRow =
  | { line: number; ok: true; date: string; start: Date; home: string; away: string; league: string }
  | { line: number; ok: false; reason: string; home: string | null; away: string | null };

const NAME_MAX = 100;

/**
 * Reads a season's fixtures from CSV text (comma separated, quoted as usual, a byte-order mark
 * and blank lines ignored) into rows numbered by their line in the file. A file that is not CSV at
 * all (an unclosed quote) is a 400 naming the line; a line with wrong values is a refused row.
 */
export function readFixtures(csv: string): FixtureRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true, info: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw new Errors.BadRequest(`The file is not valid CSV (line ${error.lines}): ${error.message}`);
    throw error;
  }
  const first = records[0]?.record.map((cell) => cell.toLowerCase());
  const header = first?.[0] === 'date' && first[1] === 'time';
  return (header ? records.slice(1) : records).map(({ record, info }) => readRow(record, info.lines));
}

function readRow(cells: string[], line: number): FixtureRow {
  const home = cells[3] || null;
  const away = cells[4] || null;
  const refuse = (reason: string): FixtureRow => ({ line, ok: false, reason, home, away });
  if (cells.length !== FIXTURE_COLUMNS.length)
    return refuse(`expected ${FIXTURE_COLUMNS.length} columns (${FIXTURE_COLUMNS.join(', ')}), found ${cells.length}`);
  const [date = '', time = '', zone = '', , , league = ''] = cells;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return refuse(`date "${date}" is not a date as YYYY-MM-DD`);
  const hhmm = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!hhmm) return refuse(`time "${time}" is not a time as HH:MM`);
  const local = `${date}T${hhmm[1]!.padStart(2, '0')}:${hhmm[2]}`;
  if (!zone) return refuse('the time zone is missing (an IANA name such as Europe/London, or UTC)');
  const kickOff = DateTime.fromISO(local, { zone });
  if (!kickOff.isValid) {
    if (kickOff.invalidReason === 'unsupported zone') return refuse(`time zone "${zone}" is not known (use an IANA name such as Europe/London, or UTC)`);
    return refuse(`${date} ${time} is not a real date and time`);
  }
  // Luxon moves a time the clocks skip (spring forward) to a later one: the file named none.
  if (kickOff.toFormat("yyyy-MM-dd'T'HH:mm") !== local) return refuse(`${date} ${time} does not exist in ${zone} (the clocks go forward then)`);
  if (!home) return refuse('the home team is missing');
  if (!away) return refuse('the away team is missing');
  if (home.length > NAME_MAX || away.length > NAME_MAX) return refuse(`a team name is longer than ${NAME_MAX} characters`);
  if (home.toLowerCase() === away.toLowerCase()) return refuse(`home and away are the same team (${home})`);
  if (!league) return refuse('the league is missing');
  return { line, ok: true, date, start: kickOff.toUTC().toJSDate(), home, away, league };
}
