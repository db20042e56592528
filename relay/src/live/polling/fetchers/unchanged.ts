import type { LiveResponse } from '../../../upstream';
import { hashRecord } from '../../state/diff';

/** Remembers a URL's last ETag and body hash, so an unchanged answer is not even parsed. */
export class Unchanged {
  private readonly last = new Map<string, { etag: string | null; hash: string }>();
  etag(url: string): string | null {
    return this.last.get(url)?.etag ?? null;
  }
  check(url: string, response: LiveResponse): { same: boolean; remember(): void } {
    if (response.status === 304 || response.text === null) return { same: true, remember: () => {} };
    const hash = hashRecord(response.text);
    const same = this.last.get(url)?.hash === hash;
    return { same, remember: () => this.last.set(url, { etag: response.etag, hash }) };
  }
  clear(): void {
    this.last.clear();
  }
}
