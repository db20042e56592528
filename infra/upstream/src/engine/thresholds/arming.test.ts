import { describe, expect, it } from 'vitest';
import { freshState, markFired, stepArming } from './arming';

/** Steps one outcome through a sequence of met/not met offers, firing whenever it is ready. */
function run(sequence: boolean[], passCount = 1): string[] {
  const state = freshState();
  return sequence.map((met, i) => {
    const step = stepArming(state, met, passCount);
    if (step === 'ready') markFired(state, i);
    return step;
  });
}

describe('re-arming', () => {
  it('fires once while the condition holds, and again only after it cleared', () => {
    // met, met, met, cleared, met: fires on offers 1 and 5 only.
    expect(run([true, true, true, false, true])).toEqual(['ready', 'held', 'held', 'clear', 'ready']);
  });

  it('does not fire twice for a price flickering around the threshold without clearing', () => {
    // A flicker that never clears (met every time) fires once; one that clears fires each time it comes back.
    expect(run([true, true, true, true]).filter((s) => s === 'ready')).toHaveLength(1);
    expect(run([true, false, true, false, true]).filter((s) => s === 'ready')).toHaveLength(3);
  });

  it('with pass_threshold 3 waits for three offers in a row, and starts counting again after a miss', () => {
    // met, met, miss, met, met, met → ready on the 6th offer.
    expect(run([true, true, false, true, true, true], 3)).toEqual(['confirming', 'confirming', 'clear', 'confirming', 'confirming', 'ready']);
  });
});
