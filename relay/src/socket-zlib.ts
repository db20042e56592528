/**
 * What per-message deflate costs an idle socket. `ws` keeps a zlib deflate and inflate per
 * connection once it has used them (about 100 KB of zlib state, two 16 KB output buffers and their
 * streams: some 130 KB RSS per socket, against 16 KB for the rest of a socket.io connection). The
 * relay negotiates no context takeover in both directions (SOCKET_DEFLATE), so no message depends on
 * an earlier one's dictionary, and then frees a connection's zlib contexts when they are idle:
 *
 * - inflate, right after each message a client sends. Chromium compresses every message, even the
 *   one-byte pong every 25 s, so without this every console would hold an inflate for good.
 * - deflate, once nothing was compressed for DEFLATE_IDLE_MS, so a burst of snapshots reuses one.
 *
 * `ws` creates a context again when the next message needs one. This reaches into `ws` internals
 * (`_extensions`, `_deflate`, `_inflate`; `ws` 8, through engine.io); a `ws` that changes them only
 * loses the release (nothing breaks): the relay checks the fields exist before it wraps anything.
 */
import type { Server } from 'socket.io';

/** How long a socket's deflate context outlives its last compressed message. */
export const DEFLATE_IDLE_MS = 1_000;

type Callback = (error: Error | null, result?: Buffer) => void;
interface ZlibStream {
  close(): void;
}
/** The parts of ws's PerMessageDeflate this module uses. */
export interface PerMessageDeflate {
  params: Record<string, unknown>;
  _deflate: ZlibStream | null;
  _inflate: ZlibStream | null;
  compress(data: Buffer, fin: boolean, callback: Callback): void;
  decompress(data: Buffer, fin: boolean, callback: Callback): void;
}

const released = new WeakSet<object>();

/** Frees the zlib contexts of every socket.io connection's WebSocket when idle (see above). */
export function releaseIdleZlib(io: Server, idleMs = DEFLATE_IDLE_MS): void {
  const watch = (transport: unknown) => {
    const pmd = perMessageDeflateOf(transport);
    if (!pmd || released.has(pmd) || !('_deflate' in pmd) || !('_inflate' in pmd)) return;
    released.add(pmd);
    releaseWhenIdle(pmd, idleMs);
  };
  io.engine.on('connection', (conn: { transport: unknown; on(event: 'upgrade', listener: (transport: unknown) => void): void }) => {
    watch(conn.transport);
    // A connection that starts on polling gets its WebSocket on upgrade.
    conn.on('upgrade', watch);
  });
}

/** The PerMessageDeflate of an engine.io transport's WebSocket, if it negotiated one. */
export function perMessageDeflateOf(transport: unknown): PerMessageDeflate | undefined {
  const ws = (transport as { socket?: { _extensions?: Record<string, unknown> } }).socket;
  return ws?._extensions?.['permessage-deflate'] as PerMessageDeflate | undefined;
}

function releaseWhenIdle(pmd: PerMessageDeflate, idleMs: number): void {
  // Closing a context that carries a dictionary forward would break the next message: only
  // directions negotiated without context takeover are released.
  const serverFresh = pmd.params.server_no_context_takeover === true;
  const clientFresh = pmd.params.client_no_context_takeover === true;
  if (clientFresh) {
    const decompress = pmd.decompress.bind(pmd);
    pmd.decompress = (data, fin, callback) => decompress(data, fin, (error, result) => {
      // ws runs one message at a time per connection and has reset the inflate by now.
      if (fin && pmd._inflate) {
        pmd._inflate.close();
        pmd._inflate = null;
      }
      callback(error, result);
    });
  }
  if (serverFresh) {
    const compress = pmd.compress.bind(pmd);
    let busy = 0;
    let timer: NodeJS.Timeout | null = null;
    const release = () => {
      timer = null;
      if (busy || !pmd._deflate) return;
      pmd._deflate.close();
      pmd._deflate = null;
    };
    pmd.compress = (data, fin, callback) => {
      busy += 1;
      compress(data, fin, (error, result) => {
        busy -= 1;
        if (fin && !busy) {
          if (timer) timer.refresh();
          else {
            timer = setTimeout(release, idleMs);
            timer.unref();
          }
        }
        callback(error, result);
      });
    };
  }
}
