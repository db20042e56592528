import type { Environment } from '@odds/ops';

/** `--name value` pairs, `--flag` switches and positional arguments of a command line. */
export interface Args {
  positional: string[];
  options: Map<string, string>;
  flags: Set<string>;
}

export function parseArgs(argv: string[], switches: string[] = []): Args {
  const args: Args = { positional: [], options: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      args.positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (switches.includes(name)) args.flags.add(name);
    else if (inline !== undefined) args.options.set(name, inline);
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      args.options.set(name, value);
      i += 1;
    }
  }
  return args;
}

export function numberOption(args: Args, name: string, fallback: number): number {
  const text = args.options.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0, got '${text}'`);
  return value;
}

/**
 * Upstream address and credentials: --upstream, --token, --email, --password, else the tool's
 * settings (UPSTREAM_URL, UPSTREAM_PORT, DEMO_EMAIL, DEMO_PASSWORD, read by `startProcess('feed-tools')`).
 */
export function targetOf(args: Args, env: Pick<Environment<'feed-tools'>, 'UPSTREAM_URL' | 'UPSTREAM_PORT' | 'DEMO_EMAIL' | 'DEMO_PASSWORD'>) {
  return {
    url: args.options.get('upstream') ?? env.UPSTREAM_URL ?? `http://127.0.0.1:${env.UPSTREAM_PORT}`,
    token: args.options.get('token'),
    email: args.options.get('email') ?? env.DEMO_EMAIL,
    password: args.options.get('password') ?? env.DEMO_PASSWORD,
  };
}
