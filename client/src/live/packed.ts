import { PACKED_ENCODING, type DeltaPayload, type PackedPayload, type SnapshotPayload } from '@odds/protocol';

/** A packed snapshot or delta inflated, tagged with the event it stands for (so a handler needs no cast). */
export type Unpacked = { event: 'snapshot'; payload: SnapshotPayload } | { event: 'delta'; payload: DeltaPayload };

/**
 * A packed snapshot or delta as the payload it stands for (protocol live.ts PackedPayload): the
 * bytes inflated by the browser's own DecompressionStream (no inflater shipped in the bundle).
 */
export async function unpack(packed: PackedPayload): Promise<SnapshotPayload | DeltaPayload> {
  return (await unpackEvent(packed)).payload;
}

async function unpackEvent(packed: PackedPayload): Promise<Unpacked> {
  const bytes = packed.deflated instanceof ArrayBuffer ? packed.deflated : packed.deflated.slice().buffer;
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(PACKED_ENCODING));
  const text = await new Response(inflated).text();
  return packed.event === 'snapshot'
    ? { event: 'snapshot', payload: JSON.parse(text) as SnapshotPayload }
    : { event: 'delta', payload: JSON.parse(text) as DeltaPayload };
}

/**
 * The live events of one match, applied in the order they came though a packed one is inflated
 * asynchronously: while one is inflating, the events after it wait their turn (a delta must not
 * overtake the snapshot it follows). With nothing waiting, a plain event applies at once.
 */
export class LiveInbox {
  private tail: Promise<void> | null = null;
  private closed = false;

  /** `failed`: a packed payload could not be inflated (its topic needs a resync). */
  constructor(private readonly failed: (packed: PackedPayload, error: unknown) => void) {}

  plain(apply: () => void): void {
    if (!this.tail) {
      apply();
      return;
    }
    this.chain(inflating(null), () => apply());
  }

  packed(packed: PackedPayload, apply: (unpacked: Unpacked) => void): void {
    // Inflated at once (several can inflate together), applied in turn.
    this.chain(inflating(packed), apply, packed);
  }

  /** Nothing waiting is applied any more (the match was closed). */
  close(): void {
    this.closed = true;
  }

  private chain<T>(value: Promise<T>, apply: (value: T) => void, packed?: PackedPayload): void {
    const tail = (this.tail ?? Promise.resolve())
      .then(() => value)
      .then(
        (result) => {
          if (!this.closed) apply(result);
        },
        (error: unknown) => {
          if (!this.closed && packed) this.failed(packed, error);
        },
      )
      // A handler that throws is reported as any event handler's error would be, and the events
      // after it still apply.
      .catch((error: unknown) =>
        queueMicrotask(() => {
          throw error;
        }),
      );
    this.tail = tail;
    void tail.then(() => {
      if (this.tail === tail) this.tail = null;
    });
  }
}

function inflating(packed: PackedPayload): Promise<Unpacked>;
function inflating(packed: null): Promise<null>;
function inflating(packed: PackedPayload | null): Promise<Unpacked | null> {
  return packed ? unpackEvent(packed) : Promise.resolve(null);
}
