import { useEffect, useState } from 'react';
import { authorizedFetch } from '../../api/authorizedFetch';

/**
 * An uploaded content image. Image bytes need the token like every call (SPEC §7), so they are
 * fetched and shown from an object URL rather than by a bare <img src>.
 */
export function ContentImage({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    authorizedFetch(url, { signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (failed) return <span className="content-image-missing">Image unavailable</span>;
  if (!src) return <span className="content-image-loading">Loading image...</span>;
  return <img src={src} alt={alt} className={className ?? 'content-image'} />;
}

/** A picture chosen for upload, previewed before it is sent. */
export function LocalImagePreview({ file }: { file: File }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return src ? <img src={src} alt={`Preview of ${file.name}`} className="content-image" /> : null;
}
