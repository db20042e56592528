/**
 * Per-message deflate of the relay's socket.io, kept cheap. `ws` keeps a zlib deflate and inflate
 * per connection once it has used them (about 100 KB of zlib state, two 16 KB output buffers and
 * their streams: some 130 KB RSS per socket, against 16 KB for the rest of a socket.io connection).
 * The relay negotiates no context takeover in both directions (SOCKET_DEFLATE), so no message
 * depends on an earlier one's dictionary, and then keeps no zlib context on an idle socket:
 *
 * - inflate: none at all. Chromium deflates every message, even the one-byte pong every 25 s, so
 *   `ws` would keep one per console for good; each message is inflated in one synchronous call.
 * - deflate: closed once nothing was deflated for DEFLATE_IDLE_MS (a burst reuses one); `ws`
 *   makes one again when a message needs it.
 *
 * Without context takeover a deflated message stands alone, so a snapshot that every watcher of a
 * match gets, and any broadcast to a room, is deflated once (`preDeflated`, `deflatedBroadcast`) and
 * the same frame written to each socket, instead of once per socket with a zlib context each (200
 * consoles opening a long match at once, a relay restart, 2,000 watchers of busy rooms). A socket
 * takes the frame only when `ws` has nothing queued before it (else `ws` deflates the message as
 * usual, in order), through engine.io's own pre-encoded frame path.
 *
 * This reaches into `ws` and engine.io internals (`_extensions`, `_deflate`, `_inflate`, `_sender`,
 * `_canSendPreEncodedFrame`; `ws` 8 through engine.io 6); versions that change them only lose the
 * savings (nothing breaks): the relay checks the fields exist before it wraps anything.
 */
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Server } from 'socket.io';

/** RFC 7692: the end of a sync flush, which senders leave off each message. */
const TRAILER = Buffer.from([0x00, 0x00, 0xff, 0xff]);
const EMPTY = Buffer.alloc(0);

/** How long a socket's deflate context outlives its last compressed message. */
export const DEFLATE_IDLE_MS = 1_000;

/** The relay's deflate settings (sockets.ts SOCKET_DEFLATE), repeated here to keep the import one-way. */
export interface DeflateSettings {
  threshold: number;
  serverMaxWindowBits: number;
  zlibDeflateOptions: { memLevel: number; level: number };
}

type Callback = (error: Error | null, result?: Buffer) => void;
interface ZlibStream {
  close(): void;
}
/** The parts of ws's PerMessageDeflate this module uses. */
export interface PerMessageDeflate {
  params: Record<string, unknown>;
  _maxPayload?: number;
  _deflate: ZlibStream | null;
  _inflate: ZlibStream | null;
  compress(data: Buffer, fin: boolean, callback: Callback): void;
  decompress(data: Buffer, fin: boolean, callback: Callback): void;
}

/** What engine.io's WebSocket transport and `ws` expose to this module. */
interface WsTransport {
  send?: (packets: { options?: PacketOptions }[]) => void;
  socket?: { _extensions?: Record<string, unknown>; _sender?: { _state?: number; _queue?: unknown[] } };
  _canSendPreEncodedFrame?: (packet: { options?: PacketOptions }) => boolean;
}
/**
 * engine.io packet options. A pre-deflated frame rides in `preDeflated`, and becomes engine.io's
 * `wsPreEncodedFrame` only for a transport that takes it (options are copied per socket), so no
 * other transport can write it to a peer that did not negotiate deflate.
 */
interface PacketOptions {
  compress?: boolean;
  wsPreEncodedFrame?: Buffer[];
  preDeflated?: Buffer[];
}

const managed = new WeakSet<object>();

/**
 * Every socket.io connection's WebSocket keeps no zlib context while idle, and those that
 * negotiated `settings` take pre-deflated frames (see above).
 */
export function manageSocketDeflate(io: Server, settings: DeflateSettings, idleMs = DEFLATE_IDLE_MS): void {
  const watch = (transport: unknown) => {
    const pmd = perMessageDeflateOf(transport);
    if (!pmd || managed.has(pmd) || !('_deflate' in pmd) || !('_inflate' in pmd)) return;
    managed.add(pmd);
    keepNoContext(pmd, idleMs);
    takePreDeflated(transport as WsTransport, pmd, settings);
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

/**
 * The packet options that send `encoded` (one socket.io packet as text) pre-deflated, made once
 * per message and shared by every socket it goes to; plain options when it is under the threshold.
 */
export function preDeflated(encoded: string, settings: DeflateSettings): PacketOptions {
  // engine.io's "message" packet type, then the socket.io packet.
  const message = Buffer.from(`4${encoded}`);
  return message.length < settings.threshold ? { compress: true } : { compress: true, preDeflated: deflatedFrame(message, settings) };
}

/** One deflated WebSocket message, as `ws` deflates: raw deflate, sync flush, without the flush's final 4 bytes (RFC 7692). */
function deflatedFrame(message: Buffer, settings: DeflateSettings): Buffer[] {
  const deflated = deflateRawSync(message, { windowBits: settings.serverMaxWindowBits, ...settings.zlibDeflateOptions, finishFlush: constants.Z_SYNC_FLUSH });
  const payload = deflated.subarray(0, deflated.length - 4);
  return [frameHeader(payload.length), payload];
}

/**
 * socket.io's broadcasts (deltas, presence, a room's fresh snapshot) carry the frame socket.io-adapter
 * encoded once for every socket of the room, uncompressed: over the threshold it is deflated once
 * too, not once per socket. Null when it stays as it is. Keyed by the frame the room's sockets share.
 */
const deflatedBroadcasts = new WeakMap<object, Buffer[] | null>();
function deflatedBroadcast(frame: Buffer[], settings: DeflateSettings): Buffer[] | null {
  let deflated = deflatedBroadcasts.get(frame);
  if (deflated === undefined) {
    const [header, data] = frame;
    // A final text frame, not deflated yet (FIN and opcode 1, no RSV bit), with its payload apart.
    const plain = frame.length === 2 && header![0] === 0x81 && Buffer.isBuffer(data);
    deflated = plain && data.length >= settings.threshold ? deflatedFrame(data, settings) : null;
    deflatedBroadcasts.set(frame, deflated);
  }
  return deflated;
}

/** A server's (unmasked) WebSocket header of a final text frame whose payload is deflated (RSV1). */
function frameHeader(length: number): Buffer {
  const FIN_RSV1_TEXT = 0x80 | 0x40 | 0x01;
  if (length < 126) return Buffer.from([FIN_RSV1_TEXT, length]);
  if (length < 2 ** 16) {
    const header = Buffer.from([FIN_RSV1_TEXT, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.alloc(10);
  header[0] = FIN_RSV1_TEXT;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}

/**
 * Lets a transport write pre-deflated frames as they are, when the connection negotiated what they
 * were deflated for (no context takeover, the same window) and `ws` has nothing queued before them
 * (it queues while it deflates another message). Anything else takes engine.io's usual path.
 */
function takePreDeflated(transport: WsTransport, pmd: PerMessageDeflate, settings: DeflateSettings): void {
  const sender = transport.socket?._sender;
  if (typeof transport._canSendPreEncodedFrame !== 'function' || !sender || typeof sender._state !== 'number' || !Array.isArray(sender._queue)) return;
  if (pmd.params.server_no_context_takeover !== true || pmd.params.server_max_window_bits !== settings.serverMaxWindowBits) return;
  const send = transport.send;
  if (typeof send === 'function') {
    transport.send = (packets) => send.call(transport, packets.map((packet) => {
      const frame = packet.options?.wsPreEncodedFrame;
      // Left alone: no frame, already ours, or sent with compress(false).
      if (!frame || packet.options!.preDeflated || packet.options!.compress === false) return packet;
      const deflated = deflatedBroadcast(frame, settings);
      // A copy: the options of a broadcast are shared by every socket it goes to.
      return deflated ? { ...packet, options: { ...packet.options, wsPreEncodedFrame: undefined, preDeflated: deflated } } : packet;
    }));
  }
  transport._canSendPreEncodedFrame = (packet) => {
    const options = packet.options;
    if (!options?.preDeflated || sender._state !== 0 || sender._queue!.length) return false;
    options.wsPreEncodedFrame = options.preDeflated;
    return true;
  };
}

/** Inflates without a kept context, and closes the deflate when idle (see above). */
function keepNoContext(pmd: PerMessageDeflate, idleMs: number): void {
  // A context that carries a dictionary forward is needed by the next message: only directions
  // negotiated without context takeover are changed.
  const serverFresh = pmd.params.server_no_context_takeover === true;
  const clientFresh = pmd.params.client_no_context_takeover === true;
  if (clientFresh) {
    // Each message a client sends stands alone: inflated in one synchronous call that holds no
    // context afterwards (a few µs for a pong, against some 40 µs through a kept zlib stream and
    // 80 µs for one made and closed per message), its output capped at the connection's maxPayload.
    const maxOutputLength = pmd._maxPayload && pmd._maxPayload > 0 ? pmd._maxPayload : undefined;
    let fragments: Buffer[] = [];
    pmd.decompress = (data, fin, callback) => {
      fragments.push(data);
      let result: Buffer = EMPTY;
      let failure: Error | null = null;
      if (fin) {
        const message = Buffer.concat([...fragments, TRAILER]);
        fragments = [];
        try {
          // A window of 15 bits inflates whatever window the client deflated with.
          result = inflateRawSync(message, { windowBits: 15, finishFlush: constants.Z_SYNC_FLUSH, ...(maxOutputLength && { maxOutputLength }) });
        } catch (error) {
          failure = error instanceof RangeError ? new RangeError('Max payload size exceeded') : (error as Error);
        }
      }
      // ws's receiver expects the answer later, as zlib's threadpool gives it (never synchronously).
      process.nextTick(callback, failure, failure ? undefined : result);
    };
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
