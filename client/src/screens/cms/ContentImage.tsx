import { useEffect, useState } from 'react';
import { authorizedFetch } from '../../api/authorizedFetch';
import { ApiError, errorFromResponse } from '../../api/errors';
import { useCached } from '../../api/queries';

/** The cache key of an uploaded image's bytes: one read however many rows and forms show it. */
const imageKey = (url: string) => ['image', url];

/** An upload is served under its own id (a new picture is a new url): its bytes never go stale. */
const NEVER_STALE = Number.POSITIVE_INFINITY;

/** An image's bytes; no reply (or 502-504) fails as an ApiError, so the cache tries twice more like every read. */
async function readImage(url: string, signal: AbortSignal): Promise<Blob> {
  const response = await authorizedFetch(url, { signal }).catch((cause: unknown) => {
    throw signal.aborted ? cause : new ApiError(0, cause instanceof Error ? cause.message : String(cause));
  });
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}

/**
 * An uploaded content image. Image bytes need the token like every call (SPEC §7), so they are
 * read through the query cache as a Blob (two rows showing the same image share one read) and shown
 * from an object URL of this component's own, revoked when it goes or the image changes.
 */
export function ContentImage({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const image = useCached(imageKey(url), (signal) => readImage(url, signal), { staleTime: NEVER_STALE });
  const src = useObjectUrl(image.data);
  if (image.isError) return <span className="content-image-missing">Image unavailable</span>;
  if (!src) return <span className="content-image-loading">Loading image...</span>;
  return <img src={src} alt={alt} className={className ?? 'content-image'} />;
}

/** An object URL for a Blob (or a File) while the component shows it; revoked when it goes or the blob changes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [blob]);
  return blob ? src : null;
}

/** A picture chosen for upload, previewed before it is sent. */
export function LocalImagePreview({ file }: { file: File }) {
  const src = useObjectUrl(file);
  return src ? <img src={src} alt={`Preview of ${file.name}`} className="content-image" /> : null;
}
