/**
 * Preloaded into every Node process of the saturday bench (NODE_OPTIONS=--import, so the
 * supervisor's children, API processes, engine workers and relays all carry it): it writes
 * SATURDAY_PROBE_DIR/<pid>.jsonl, a first line with the process's pid, command line, the time and
 * its CPU seconds so far as the probe loads, then once a second and as the process exits a line
 * with the HTTP requests this process's servers received since the last line (health checks and
 * metrics scrapes aside), its event-loop lag samples (a 20 ms timer's lateness, ms), its CPU
 * seconds so far, its RSS and its V8 heap in use (heapUsed). Plain JavaScript so it needs no loader; it holds the process open
 * for nothing (unref'd timers), and a line it cannot write (the folder gone) is dropped, not thrown.
 */
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';

const dir = process.env.SATURDAY_PROBE_DIR;
if (dir) {
  const file = `${dir}/${process.pid}.jsonl`;
  const cpuSoFar = () => {
    const cpu = process.cpuUsage();
    return (cpu.user + cpu.system) / 1e6;
  };
  const write = (line) => {
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // the bench has removed its probe folder: nothing left to report to
    }
  };
  write({ pid: process.pid, argv: process.argv.slice(1).join(' '), t: Date.now(), cpu: cpuSoFar() });
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
  const report = () => {
    const { rss, heapUsed } = process.memoryUsage();
    write({ t: Date.now(), requests, lags, cpu: cpuSoFar(), rss, heap: heapUsed });
    requests = 0;
    lags = [];
  };
  setInterval(report, 1000).unref();
  process.on('exit', report);
}
