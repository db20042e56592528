// The image's HEALTHCHECK: readiness (`/readyz`: 200 only while the dependencies this process needs
// answer) of the server the container runs, on the port its configuration gives it. The server is
// read from the container's first process, so one check serves every command of the image; the
// one-shot commands (migrate, operator) have nothing to check and pass.
import { readFileSync } from 'node:fs';

const ports = {
  relay: process.env.PORT || '8080',
  api: process.env.UPSTREAM_PORT || '8081',
  worker: process.env.ENGINE_PORT || '9100',
};
const args = readFileSync('/proc/1/cmdline', 'utf8').split('\0');
const server = args.map((arg) => /\/dist\/(relay|api|worker)\.js$/.exec(arg)?.[1]).find(Boolean);
if (!server) process.exit(0);
try {
  const response = await fetch(`http://127.0.0.1:${ports[server]}/readyz`, { signal: AbortSignal.timeout(2_500) });
  if (response.ok) process.exit(0);
  console.error(`${server}: /readyz answered ${response.status} ${(await response.text()).slice(0, 300)}`);
} catch (error) {
  console.error(`${server}: /readyz did not answer (${error.message})`);
}
process.exit(1);
