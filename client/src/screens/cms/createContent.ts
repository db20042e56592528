import { buildPath, buildQuery, routes, type ContentItem } from '@odds/protocol';
import { ApiError, errorFromResponse, handleApiError } from '../../api/errors';
import { authorizedFetch } from '../../api/authorizedFetch';
import { announceSaved } from '../../feedback/notices';

/**
 * Creates a content item (SPEC §7 `POST content`, multipart with the image file). The API client
 * speaks JSON only, so this one call posts the form itself; failures are reported the same way
 * (SPEC §8: the server's message is shown).
 */
export async function createContent(form: FormData, query: { provider: number; sport: number }): Promise<ContentItem> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // No Content-Type: the browser sets multipart/form-data with its boundary.
  let response: Response;
  try {
    response = await authorizedFetch(buildPath(routes.contentCreate) + buildQuery(query), { method: 'POST', headers, body: form });
  } catch (cause) {
    const error = new ApiError(0, cause instanceof Error ? cause.message : String(cause));
    handleApiError(error, {});
    throw error;
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    handleApiError(error, {});
    throw error;
  }
  const item = (await response.json()) as ContentItem;
  announceSaved(routes.contentCreate);
  return item;
}
