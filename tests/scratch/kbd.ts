import { readFileSync } from 'node:fs';
import { launchBrowser, openConsole } from '../support/browser';
import { DEMO } from '../support/stack';

const url = readFileSync('/tmp/s8-url', 'utf8');
const browser = await launchBrowser();
const page = await openConsole(browser, url, DEMO.email, DEMO.password);
await page.goto(url + (process.argv[2] ?? '/matches'));
await page.getByRole('heading', { level: 1 }).first().waitFor();
await page.waitForFunction(() => document.querySelector('table[aria-busy="false"] tbody tr[data-p-selectable-row]'));
const desc = () => page.evaluate(() => { const a = document.activeElement as HTMLElement; return `${a.tagName}${a.id ? '#' + a.id : ''} "${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 50)}" ti=${a.getAttribute('tabindex')}`; });
let n = 0;
for (const k of process.argv.slice(3)) {
  if (k.startsWith('shot:')) { await page.screenshot({ path: k.slice(5) }); continue; }
  if (k === 'wait') { await page.waitForTimeout(1500); continue; }
  await page.keyboard.press(k); n++;
  await page.waitForTimeout(150);
  console.log(n, k, '→', await desc(), page.url().replace(url, ''));
}
await browser.close();
