import { errorFromResponse, handleApiError } from './errors';
import { authorizedFetch } from './authorizedFetch';

/**
 * Downloads a CSV the server makes (an export: every row, not one page): fetched with the
 * operator's token, then saved under `fileName` through an object URL. A refusal is shown as any
 * API error is, and thrown.
 */
export async function downloadCsv(url: string, fileName: string): Promise<void> {
  const response = await authorizedFetch(url, { headers: { Accept: 'text/csv' } });
  if (!response.ok) {
    const error = await errorFromResponse(response);
    handleApiError(error, {});
    throw error;
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
