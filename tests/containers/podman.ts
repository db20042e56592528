import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Podman and podman-compose for the container smoke test: whether they can run here at all, and a
 * compose project driven step by step (podman-compose 1.0 ignores `depends_on` conditions and runs
 * no health checks by itself: without systemd, `podman healthcheck run` runs the image's check).
 */

/** Why containers cannot run on this machine, or null when they can. */
export function containersProblem(): string | null {
  for (const tool of ['podman', 'podman-compose']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      return `${tool} is not installed (.ci/run installs podman, buildah, runc, podman-compose, debootstrap)`;
  }
  if (process.getuid?.() !== 0) return 'not root: the local base image is made with debootstrap and the containers run rootful';
  const info = spawnSync('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], { encoding: 'utf8', timeout: 60_000 });
  if (info.status !== 0) return `podman cannot run here: ${(info.stderr || info.error?.message || '').trim().split('\n').at(-1)}`;
  const base = spawnSync('podman', ['image', 'exists', 'localhost/debian:bookworm']);
  if (base.status !== 0 && spawnSync('sh', ['-c', 'command -v debootstrap']).status !== 0) return 'no local Debian base image and no debootstrap to make one';
  return null;
}

/**
 * A containers.conf for shells that cannot raise their own limits and machines whose cgroups crun
 * refuses (../shared/TOOLCHAIN.md): the hard nofile limit as the containers' limit, runc.
 */
export function writeContainersConf(dir: string): string {
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  const limit = /^\d+$/.test(hard) ? hard : '65536';
  const path = join(dir, 'containers.conf');
  writeFileSync(path, `[containers]\ndefault_ulimits = ["nofile=${limit}:${limit}", "nproc=4096:4096"]\n[engine]\nruntime = "runc"\n`);
  return path;
}

export interface Ran {
  code: number | null;
  output: string;
}

/** Runs a command to its end; rejects with its output when it fails (unless `allowFailure`). */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; allowFailure?: boolean } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 || options.allowFailure) resolve({ code, output });
      else reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? `exit code ${code}`}:\n${output.slice(-4000)}`));
    });
  });
}

/** One compose project of infra/compose.yaml (plus override files), named so it cannot meet another. */
export class ComposeProject {
  constructor(
    readonly name: string,
    private readonly files: string[],
    readonly env: NodeJS.ProcessEnv,
    private readonly cwd: string,
  ) {}

  compose(args: string[], options: { timeoutMs?: number; allowFailure?: boolean } = {}): Promise<Ran> {
    const files = this.files.flatMap((file) => ['-f', file]);
    return run('podman-compose', ['--no-ansi', '-p', this.name, ...files, ...args], { env: this.env, cwd: this.cwd, ...options });
  }

  podman(args: string[], options: { timeoutMs?: number; allowFailure?: boolean } = {}): Promise<Ran> {
    return run('podman', args, { env: this.env, ...options });
  }

  up(services: string[]): Promise<Ran> {
    return this.compose(['up', '-d', ...services]);
  }

  /** A one-shot container of a service (`run --rm --no-deps`): its exit code and output. */
  runOnce(service: string, args: string[]): Promise<Ran> {
    return this.compose(['run', '--rm', '--no-deps', service, ...args], { allowFailure: true });
  }

  /** The container of a service (by compose's labels, so the naming scheme does not matter). */
  async container(service: string): Promise<string> {
    const { output } = await this.podman([
      'ps',
      '-a',
      '--filter',
      `label=com.docker.compose.project=${this.name}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
      '--format',
      '{{.Names}}',
    ]);
    const name = output.trim().split('\n').filter(Boolean)[0];
    if (!name) throw new Error(`no container for service ${service} in ${this.name}`);
    return name;
  }

  /** The last lines a service's container logged (for a failure's report). */
  async logs(service: string, lines = 60): Promise<string> {
    return (await this.podman(['logs', '--tail', String(lines), await this.container(service)], { allowFailure: true })).output;
  }

  /** Waits until the container's health check (the image's HEALTHCHECK or compose's) passes. */
  async healthy(service: string, timeoutMs = 180_000): Promise<number> {
    const started = Date.now();
    const container = await this.container(service);
    let last = '';
    while (Date.now() - started < timeoutMs) {
      const check = await this.podman(['healthcheck', 'run', container], { allowFailure: true, timeoutMs: 30_000 });
      if (check.code === 0) return Date.now() - started;
      last = check.output.trim();
      const state = (
        await this.podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}} restarts={{.RestartCount}}', container], { allowFailure: true })
      ).output.trim();
      last = `${last} (${state})`;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const logs = await this.logs(service, 40);
    throw new Error(`${service} was not healthy within ${timeoutMs / 1000} s: ${last}\n${logs}`);
  }

  /** Runs `node -e <script>` inside a service's container (its loopback, its environment). */
  async node(service: string, script: string): Promise<string> {
    return (await this.podman(['exec', await this.container(service), 'node', '-e', script], { timeoutMs: 30_000 })).output;
  }

  /**
   * Ends and removes everything of the project: what `compose down -v` does (containers, volumes,
   * network), by compose's labels in three podman calls. podman-compose 1.0's own `down` stops and
   * removes each container with a podman call of its own, then tries again for each service: 150 to
   * 200 s on a busy machine.
   */
  async down(): Promise<string[]> {
    const label = `label=com.docker.compose.project=${this.name}`;
    const problems: string[] = [];
    const step = async (args: string[]) => {
      const done = await this.podman(args, { allowFailure: true, timeoutMs: 180_000 });
      if (done.code !== 0) problems.push(`podman ${args.join(' ')}: ${done.output.trim().split('\n').at(-1)}`);
      return done.output.trim();
    };
    const ids = await step(['ps', '-aq', '--filter', label]);
    if (ids) await step(['rm', '-f', '-t', '0', ...ids.split('\n')]);
    const volumes = await step(['volume', 'ls', '-q', '--filter', label]);
    if (volumes) await step(['volume', 'rm', '-f', ...volumes.split('\n')]);
    if ((await this.podman(['network', 'exists', `${this.name}_default`], { allowFailure: true })).code === 0)
      await step(['network', 'rm', '-f', `${this.name}_default`]);
    return problems;
  }
}
