import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailable, launchBrowser, openConsole } from '../support/browser';
import { acquirePostgres } from '../support/postgres';
import { DEMO, startStack, type Stack } from '../support/stack';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * An operator saves while the database is away: the services answer 503, the console retries the
 * save with the same Idempotency-Key, and once the database is back the contact is saved once.
 * The stack runs on the shared test Postgres through a TCP proxy the test cuts and restores.
 */
const unavailable = browserUnavailable();
const postgres = unavailable ? { skip: unavailable } : await acquirePostgres();
if ('skip' in postgres) console.warn(`[database-outage e2e skipped] ${postgres.skip}`);

describe.skipIf('skip' in postgres)('a save during a database outage', { timeout: 60_000 }, () => {
  let stack: Stack;
  let proxy: TcpProxy;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    if ('skip' in postgres) return;
    const target = new URL(postgres.url);
    proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(target);
    proxied.port = String(proxy.port);
    [stack, browser] = await Promise.all([startStack({ databaseUrl: proxied.toString() }), launchBrowser()]);
    page = await openConsole(browser, stack.url, DEMO.email, DEMO.password);
  }, 180_000);
  afterAll(async () => {
    proxy?.restore();
    await browser?.close();
    await stack?.close();
    await proxy?.close();
    if (!('skip' in postgres)) await postgres.release();
  });

  it('is retried by the console with its key and saved once when the database is back', async () => {
    const name = 'Outage e2e contact';
    await page.goto(`${stack.url}/contacts/edit`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Device Id').fill('outage-e2e-device');
    const attempts: { key: string | null; status: number }[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/1/contact') {
        attempts.push({ key: response.request().headers()['idempotency-key'] ?? null, status: response.status() });
      }
    });
    proxy.cut();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => attempts.length).toBeGreaterThan(0);
    expect(attempts[0]!.status).toBe(503);
    proxy.restore();
    // The console's own back-off (about 1, then 2 s) brings the retry; the list follows the save.
    await page.waitForURL(/\/contacts$/, { timeout: 15_000 });
    expect(attempts.at(-1)!.status).toBe(200);
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1);
    expect(attempts[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    const token = await stack.upstream.login();
    const reply = await stack.upstream.app.inject({ method: 'GET', url: '/api/1/contacts?limit=1000', headers: { authorization: `Token ${token}` } });
    expect(reply.json<{ items: { name: string }[] }>().items.filter((c) => c.name === name)).toHaveLength(1);
  });
});
