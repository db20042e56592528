import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';

/** A request's body as text (the fakes' requests are small; capped at 1 MB). */
export function readBody(request: IncomingMessage | Http2ServerRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) reject(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
