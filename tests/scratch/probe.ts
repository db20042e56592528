import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { launchBrowser, openConsole } from '../support/browser';
import { DEMO } from '../support/stack';

const url = readFileSync('/tmp/s8-url', 'utf8');
const browser = await launchBrowser();
const page = await openConsole(browser, url, DEMO.email, DEMO.password);
const path = process.argv[2] ?? '/matches';
await page.goto(url + path);
await page.getByRole('heading', { level: 1 }).first().waitFor();
await page.waitForTimeout(1500);
for (const sel of process.argv.slice(3)) { if (sel.startsWith("key:")) await page.keyboard.press(sel.slice(4)); else await page.locator(sel).first().click({ force: true }); await page.waitForTimeout(800); }
const r = await new AxeBuilder({ page }).analyze();
for (const v of r.violations) console.log(v.impact, v.id, v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.html.slice(0, 300) + ' :: ' + n.failureSummary).join('\n  '));
await page.screenshot({ path: '/tmp/s8-probe.png' });
await browser.close();
