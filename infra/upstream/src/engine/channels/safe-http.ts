import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkUrl, DestinationRefused, guardedLookup, type DestinationPolicy } from './destination';

/** What a webhook receiver may send back that we read: more is cut off (a report is small). */
const RESPONSE_CAP_BYTES = 64 * 1024;

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body up to the cap. */
  body: string;
  /** The receiver sent more than the cap: the body is cut, so it is not read as a report. */
  truncated: boolean;
}

/**
 * A call that failed before an HTTP answer. `message` is shown to operators and says what happened
 * without the host, port or anything the receiver sent ("no answer within 5 s").
 */
export class CallFailed extends Error {
  override name = 'CallFailed';
  constructor(
    message: string,
    /** Calling again cannot help (the destination is refused). */
    readonly final = false,
  ) {
    super(message);
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function failureOf(error: NodeJS.ErrnoException, timeoutMs: number): CallFailed {
  if (error instanceof DestinationRefused) return new CallFailed(error.reason, true);
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || error.code === 'ABORT_ERR')
    return new CallFailed(`no answer within ${seconds(timeoutMs)}`);
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return new CallFailed("the receiver's name does not resolve");
  if (error.code === 'ECONNREFUSED') return new CallFailed('the receiver refused the connection');
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return new CallFailed('the receiver closed the connection');
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return new CallFailed("the receiver's TLS certificate was refused");
  return new CallFailed('the receiver could not be reached');
}

export interface SafeCall {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  policy: DestinationPolicy;
}

/**
 * One HTTP call to a destination an operator named (destination.ts): checked, connected to the
 * address its own lookup checked, no redirect followed (a 3xx is handed back as it is), the answer
 * read up to RESPONSE_CAP_BYTES, the whole call bounded by the timeout. Throws CallFailed.
 */
export function safeRequest(raw: string, call: SafeCall): Promise<SafeResponse> {
  let checked: ReturnType<typeof checkUrl>;
  try {
    checked = checkUrl(raw, call.policy);
  } catch (error) {
    return Promise.reject(failureOf(error as NodeJS.ErrnoException, call.timeoutMs));
  }
  const send = checked.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SafeResponse>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(failureOf(error, call.timeoutMs));
    const request = send(
      checked.url,
      {
        method: call.method,
        headers: { ...call.headers, ...(call.body !== undefined && { 'content-length': String(Buffer.byteLength(call.body)) }) },
        // A connection of its own: a pooled one would skip this call's lookup.
        agent: false,
        lookup: guardedLookup(checked, call.policy),
        signal: AbortSignal.timeout(call.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        response.on('data', (chunk: Buffer) => {
          if (truncated) return;
          size += chunk.length;
          if (size > RESPONSE_CAP_BYTES) {
            truncated = true;
            chunks.push(chunk.subarray(0, chunk.length - (size - RESPONSE_CAP_BYTES)));
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), truncated });
            response.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), truncated }),
        );
        response.on('error', (error) => {
          if (!truncated) fail(error);
        });
      },
    );
    request.on('error', fail);
    request.end(call.body);
  });
}
