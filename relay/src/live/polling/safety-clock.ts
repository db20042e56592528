/** The golden ratio's fraction: consecutive multiples of it fill [0, 1) evenly, whatever their number. */
const GOLDEN = 0.6180339887498949;

/**
 * When each polled match's safety check runs: every match gets a slot, a fraction of the period,
 * and checks at that phase of every period. Slots follow the golden-ratio sequence from a random
 * start, so however many matches start together (many consoles watching in the same second, a
 * relay restart, a change stream back after a gap), their checks are spread evenly over the
 * period instead of landing in the same second: any window of the period holds about its share of
 * the checks, not a random pile-up. Two relays draw different starts.
 */
export class SafetyClock {
  private next = 0;

  constructor(
    random: () => number = Math.random,
    private readonly origin = Date.now(),
  ) {
    this.next = random();
  }

  /** A slot for one more match: a fraction of the period in [0, 1). */
  slot(): number {
    const slot = this.next;
    this.next = (this.next + GOLDEN) % 1;
    return slot;
  }

  /**
   * Milliseconds from `now` to the slot's next phase in a period of `periodMs`, at least half a
   * period away (a check that ran early, as a catch-up, skips the slot right after it).
   */
  delay(slot: number, periodMs: number, now = Date.now()): number {
    const phase = (((slot * periodMs - (now - this.origin)) % periodMs) + periodMs) % periodMs;
    return phase < periodMs / 2 ? phase + periodMs : phase;
  }
}
