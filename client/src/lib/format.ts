const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar date as the console writes and filters it (SPEC §9: YYYY-MM-DD). */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local date of a YYYY-MM-DD text, or null when it is not one. */
export function parseDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatDate(date) === text ? date : null;
}

/** A timestamp as the console shows it: local `YYYY-MM-DD HH:mm` (24 h), with `:ss` where seconds matter. */
export function formatDateTime(iso: string, { seconds = false } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${formatDate(date)} ${time}`;
}
