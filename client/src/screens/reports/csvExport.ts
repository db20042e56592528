import { buildPath, buildQuery, routes } from '@odds/protocol';
import { errorFromResponse, handleApiError } from '../../api/errors';
import { authorizedFetch } from '../../api/authorizedFetch';

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

/**
 * Downloads the filtered report as CSV: every row of every page, made by the server (the
 * `deliveriesCsv` call). Fetched with the operator's token, then saved through an object URL.
 */
export async function downloadReportCsv(filter: ReportFilter): Promise<void> {
  const url =
    buildPath(routes.deliveriesCsv, { p: filter.p, s: filter.s }) +
    buildQuery({ channel: filter.channel, from_date: filter.from_date, to_date: filter.to_date, sort: filter.sort });
  const response = await authorizedFetch(url, { headers: { Accept: 'text/csv' } });
  if (!response.ok) {
    const error = await errorFromResponse(response);
    handleApiError(error, {});
    throw error;
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = csvFileName(filter);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
