import type { Page } from 'playwright-core';
export { seriousViolations } from '../support/axe';

/**
 * Waits until a screen has settled: its heading shown, no table still loading, no 'Loading...'
 * status (unless `data` is false: a page waiting for a sign-in), and PrimeReact's overlay animations over (axe looks at colours and names mid-animation
 * otherwise).
 */
export async function settled(page: Page, { data = true }: { data?: boolean } = {}): Promise<void> {
  await page.locator('h1, h2').first().waitFor();
  await page.waitForFunction(
    (data) =>
      !document.querySelector('.p-connected-overlay-enter-active, .p-dialog-enter-active, .p-sidebar-enter-active') &&
      (!data ||
        (!document.querySelector('table[aria-busy="true"], .loading[role="status"]') &&
          !Array.from(document.querySelectorAll('td')).some((td) => td.textContent === 'Loading...'))),
    data,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

