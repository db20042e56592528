import { buildPath, buildQuery, routes } from '@odds/protocol';
import { downloadCsv } from '../../api/downloadCsv';

export interface ReportFilter {
  p: number;
  s: number;
  channel: string;
  from_date: string;
  to_date: string;
  sort: string;
}

/** The file name of an export: what it holds, so several downloads stay apart. */
function csvFileName(filter: ReportFilter): string {
  const parts = ['report', `channel-${filter.channel}`, filter.from_date, filter.to_date].filter(Boolean);
  return `${parts.join('_')}.csv`;
}

/** Downloads the filtered report as CSV: every row of every page, made by the server (the `deliveriesCsv` call). */
export function downloadReportCsv(filter: ReportFilter): Promise<void> {
  const url =
    buildPath(routes.deliveriesCsv, { p: filter.p, s: filter.s }) +
    buildQuery({ channel: filter.channel, from_date: filter.from_date, to_date: filter.to_date, sort: filter.sort });
  return downloadCsv(url, csvFileName(filter));
}
