import { deflateRawSync } from 'node:zlib';
import { PACKED_MIN_BYTES, type PackedEvent, type PackedPayload, type SnapshotPayload, type DeltaPayload } from '@odds/protocol';
import type { RelayMetrics } from '../../metrics';

/**
 * Compression of the live path, in the application (protocol live.ts PACKED_*): the relay's
 * sockets negotiate no per-message deflate, so `ws` keeps no zlib context per connection and
 * engine.io writes a room broadcast as the one frame socket.io-adapter built for all its sockets.
 * What is big (a long match's snapshots, the odd big delta) is deflated here instead, once per
 * payload whoever it goes to, and the same bytes written to every connection.
 *
 * Deflated synchronously, on purpose: a payload is packed when it is sent, and what is sent after
 * it (the deltas that follow a snapshot) must not overtake it; a few milliseconds for a long
 * match's offers, once, not per socket.
 */
export class LivePacker {
  /** Per payload object (payloads are shared by every watcher: live/snapshot.ts), what it packs to; null: it goes plain. */
  private readonly packed = new WeakMap<object, PackedPayload | null>();

  constructor(private readonly metrics?: Pick<RelayMetrics, 'packed' | 'packedBytes'>) {}

  /** socket.io: the payload packed (deflated once per payload), or null when its JSON is small enough to go plain. */
  payload(event: PackedEvent, payload: SnapshotPayload | DeltaPayload): PackedPayload | null {
    let packed = this.packed.get(payload);
    if (packed === undefined) {
      const deflated = this.deflate(JSON.stringify(payload), 'socketio');
      packed = deflated && { matchId: payload.matchId, topic: payload.topic, event, deflated };
      this.packed.set(payload, packed);
    }
    return packed;
  }

  /**
   * `/live`: the binary message that stands for the JSON text message `text` (its deflate), or null
   * when the text is small enough to go as it is. The caller sends it to every connection that takes it.
   */
  text(text: string): Buffer | null {
    return this.deflate(text, 'ws');
  }

  private deflate(json: string, transport: 'socketio' | 'ws'): Buffer | null {
    const plain = Buffer.from(json);
    if (plain.length < PACKED_MIN_BYTES) return null;
    const deflated = deflateRawSync(plain);
    this.metrics?.packed.inc({ transport });
    this.metrics?.packedBytes.inc({ transport, form: 'json' }, plain.length);
    this.metrics?.packedBytes.inc({ transport, form: 'deflated' }, deflated.length);
    return deflated;
  }
}

/** Live events a packer may pack. */
export const isPackable = (event: string): event is PackedEvent => event === 'snapshot' || event === 'delta';
