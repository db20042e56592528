import type { Page } from 'playwright-core';
export { seriousViolations } from '../support/axe';

/**
 * Waits until a screen has settled: its heading shown, nothing still loading (no busy element, no
 * 'Loading...' row or status; unless `data` is false: a page waiting for a sign-in), PrimeReact's
 * overlay animations over and no CSS transition or finite animation running (axe looks at colours
 * and names mid-animation otherwise), all of it for three frames in a row (so that a render
 * between two checks does not count as settled).
 */
export async function settled(page: Page, { data = true }: { data?: boolean } = {}): Promise<void> {
  await page.locator('h1, h2').first().waitFor();
  await page.evaluate(() => ((window as { settledFrames?: number }).settledFrames = 0));
  await page.waitForFunction(
    (data) => {
      const still =
        document.querySelector('.p-connected-overlay-enter-active, .p-dialog-enter-active, .p-sidebar-enter-active') ||
        document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity) ||
        (data &&
          (document.querySelector('[aria-busy="true"], .loading[role="status"]') ||
            Array.from(document.querySelectorAll('td, p')).some((el) => el.textContent === 'Loading...')));
      const state = window as { settledFrames?: number };
      state.settledFrames = still ? 0 : (state.settledFrames ?? 0) + 1;
      return state.settledFrames >= 3;
    },
    data,
    { timeout: 15_000, polling: 'raf' },
  );
}
