/**
 * Preloaded into every Node process of the saturday bench (NODE_OPTIONS=--import, so the
 * supervisor's children, API processes, engine workers and relays all carry it): once a second it
 * appends one JSON line to SATURDAY_PROBE_DIR/<pid>.jsonl with the HTTP requests this process's
 * servers received in that second (health checks and metrics scrapes aside), its event-loop lag
 * samples (a 20 ms timer's lateness, ms), its CPU seconds so far and its RSS. Plain JavaScript so it
 * needs no loader; it holds the process open for nothing (unref'd timers).
 */
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';

const dir = process.env.SATURDAY_PROBE_DIR;
if (dir) {
  const file = `${dir}/${process.pid}.jsonl`;
  appendFileSync(file, `${JSON.stringify({ pid: process.pid, argv: process.argv.slice(1).join(' ') })}\n`);
  let requests = 0;
  subscribe('http.server.request.start', ({ request }) => {
    const path = request.url ?? '';
    if (!path.startsWith('/healthz') && !path.startsWith('/readyz') && !path.startsWith('/metrics')) requests += 1;
  });
  const TICK = 20;
  let lags = [];
  let expected = performance.now() + TICK;
  setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, Math.round(now - expected)));
    expected = now + TICK;
  }, TICK).unref();
  setInterval(() => {
    const cpu = process.cpuUsage();
    appendFileSync(file, `${JSON.stringify({ t: Date.now(), requests, lags, cpu: (cpu.user + cpu.system) / 1e6, rss: process.memoryUsage.rss() })}\n`);
    requests = 0;
    lags = [];
  }, 1000).unref();
}
