import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { answerQuestion, launchBrowser, logIn } from '../support/browser';
import { DEMO, startStack, type Stack } from '../support/stack';
export { seriousViolations } from '../support/axe';

export interface CatalogSession {
  stack: Stack;
  page: Page;
  /** Opens a path of the console (a full load, as a link or reload would) and waits for its heading. */
  open(path: string): Promise<void>;
  /** Answers the next browser dialog (confirm) and hands back its message. */
  nextDialog(accept: boolean): Promise<string>;
}

/**
 * One real stack and one logged-in Chromium page for the suite it is called in (inside `describe`),
 * closed after it. The fields are filled once the suite's beforeAll has run.
 */
export function catalogSession(): CatalogSession {
  let browser: Browser | undefined;
  const session = {
    open: async (path: string) => {
      await session.page.goto(`${session.stack.url}${path}`);
      await session.page.getByRole('heading', { level: 1 }).waitFor();
    },
    nextDialog: (accept: boolean) => answerQuestion(session.page, accept),
  } as CatalogSession;
  beforeAll(async () => {
    [session.stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    session.page = await context.newPage();
    await logIn(session.page, session.stack.url, DEMO.email, DEMO.password);
    await session.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await session.stack?.close();
  });
  return session;
}

/** A generic table by its accessible name. */
export const table = (page: Page, name: string): Locator => page.getByRole('table', { name, exact: true });

/** The data rows of a table once loaded (the 'Loading...' row gone), as the text of each row's cells. */
export async function rows(page: Page, name: string): Promise<string[][]> {
  const body = table(page, name).locator('tbody');
  await body.locator('tr').first().waitFor();
  await page.waitForFunction((label) => {
    const t = document.querySelector(`table[aria-label="${label}"]`);
    return t?.getAttribute('aria-busy') === 'false';
  }, name);
  return body.locator('tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())));
}

/** The first cell of each data row (usually the id). */
export async function firstCells(page: Page, name: string): Promise<string[]> {
  return (await rows(page, name)).map((cells) => cells[0] ?? '');
}

/** Clicks a column header of a table (a sortable one toggles its sort). */
export async function sortBy(page: Page, tableName: string, header: string): Promise<void> {
  await table(page, tableName).getByRole('columnheader', { name: header, exact: true }).click();
}

/** The path and query of the page. */
export const address = (page: Page): string => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

export { choose } from '../support/browser';
