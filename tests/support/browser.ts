import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser suites cannot run here, or null when they can. */
export function browserUnavailable(): string | null {
  return existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Logs in through the login screen as a person would. */
export async function logIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

/**
 * A page of a fresh 1400×1000 context, logged in as `email` and showing the shell. Steps that
 * cannot happen fail after `timeout` (10 s unless given) with what they waited for, well before a
 * test's own timeout.
 */
export async function openConsole(browser: Browser, baseUrl: string, email: string, password: string, timeout = 10_000): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  await logIn(page, baseUrl, email, password);
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  return page;
}

/** Marks the page's current document; `notReloaded` later says whether it is still that one (no reload since). */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
}

export function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);
}

/** Picks an option of a PrimeReact Dropdown or MultiSelect found by its label's input id. */
export async function choose(page: Page, inputId: string, option: string): Promise<void> {
  await page
    .locator('.p-dropdown, .p-multiselect')
    .filter({ has: page.locator(`#${inputId}`) })
    .click();
  // The previous choice's panel may still be closing (its exit transition) with the same options:
  // pick in the panel this click opened.
  await page
    .locator('.p-dropdown-panel:not(.p-connected-overlay-exit), .p-multiselect-panel:not(.p-connected-overlay-exit)')
    .getByRole('option', { name: option, exact: true })
    .click();
}

/**
 * Waits until no PrimeReact overlay or dialog is still fading in and no CSS transition or finite
 * animation runs on the page: what a screenshot or an axe colour check needs, instead of a sleep.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('.p-connected-overlay-enter-active, .p-dialog-enter-active, .p-sidebar-enter-active') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Answers the console's next question dialog (`ask()` in the client) once it shows: yes (its
 * highlighted button) or no; resolves with the question's text. Start it before the click that asks.
 */
export async function answerQuestion(page: Page, yes: boolean): Promise<string> {
  const dialog = page.getByRole('dialog').filter({ has: page.locator('[data-answer]') });
  await dialog.waitFor();
  const question = (await dialog.locator('.p-dialog-content').textContent()) ?? '';
  await dialog.locator(`[data-answer="${yes ? 'yes' : 'no'}"]`).click();
  await dialog.waitFor({ state: 'hidden' });
  return question;
}

let screenshots: string | undefined;
/**
 * Where a test's screenshot goes: a folder of this test process's own under the system's temporary
 * folder, so runs side by side never overwrite each other's pictures (its path is logged once).
 */
export function screenshotPath(name: string): string {
  if (!screenshots) {
    screenshots = mkdtempSync(join(tmpdir(), 'odds-screens-'));
    console.info(`[screenshots] ${screenshots}`);
  }
  return join(screenshots, name);
}

/** A generic table's page report ('1–20 of 57') as its total; 0 while the table or report is not there. */
export async function tableTotal(page: Page, label: string): Promise<number> {
  if (!(await page.getByRole('table', { name: label }).count())) return 0;
  const report = await page
    .locator('.p-paginator-current')
    .first()
    .textContent()
    .catch(() => null);
  return Number(/of (\d+)/.exec(report ?? '')?.[1] ?? 0);
}
