import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

/** A free loopback port (closed again, for a process to bind next). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Children still running when this process ends (an error midway) are killed with it. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Kills `child` when this process exits, should it still run then. */
export function killOnExit<C extends ChildProcess>(child: C): C {
  running.add(child);
  return child;
}

/** Asks a child to stop (`ask`), kills it if it has not exited within 10 s, and waits for its exit. */
export async function stopChild(child: ChildProcess, ask: () => void): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  ask();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
