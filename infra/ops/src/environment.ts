import { readFileSync } from 'node:fs';
import { misspelling } from './misspellings';
import { nodeVersionVerdict } from './node-version';
import { VARIABLES, type Environment, type ProcessName, type Variable } from './variables';

/**
 * The one reader of the environment: each process parses its own once, at start, with the table
 * of every variable (variables.ts). A malformed or out-of-bounds value of one of its variables, or
 * a variable that looks like ours but that no process knows (a typo), stops it with a message
 * naming the variable; what passes comes back typed, defaults filled in, frozen.
 */
const TABLE: Record<string, Variable | undefined> = VARIABLES;

export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'EnvironmentError';
  }
}

/**
 * The problems of `env` for process `name`: its own variables with a malformed value, and unknown
 * variables that carry one of our prefixes or are one or two letters from a known name.
 */
export function environmentProblems(name: ProcessName, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    // NAME_FILE of a secret names the file its value is read from (secretsFromFiles).
    if (key.endsWith(FILE_SUFFIX) && TABLE[key.slice(0, -FILE_SUFFIX.length)]?.secret) continue;
    const known = TABLE[key];
    if (!known) {
      const problem = misspelling(key);
      if (problem) problems.push(problem);
      // An empty value means "unset" for our variables, as the readers treat it.
    } else if (value !== '' && known.processes.includes(name) && known.kind.parse(value) === undefined) {
      // A secret's value is never repeated: the refusal goes to logs that many can read.
      problems.push(`${key} must be ${known.kind.form}, ${known.secret ? 'got another value (a secret: not shown)' : `got '${value}'`}`);
    }
  }
  return problems;
}

const FILE_SUFFIX = '_FILE';

/**
 * The environment with each secret given as `NAME_FILE` read from its file (its content, less one
 * trailing line break), for process `name`'s own secrets. Both NAME and NAME_FILE set, or a file
 * that cannot be read or is empty, is refused naming the variable (never the value). The file
 * variables themselves are left out of what is returned.
 */
export function secretsFromFiles(
  name: ProcessName,
  env: NodeJS.ProcessEnv,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    const base = key.endsWith(FILE_SUFFIX) ? key.slice(0, -FILE_SUFFIX.length) : null;
    const variable = base ? TABLE[base] : undefined;
    if (!base || !variable?.secret) {
      if (!(key in resolved)) resolved[key] = value;
      continue;
    }
    if (!value || !variable.processes.includes(name)) continue;
    if (env[base]) {
      problems.push(`${base} and ${key} are both set: give the secret one way`);
      continue;
    }
    let content: string;
    try {
      content = read(value).replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${key} names a file that cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${value})`);
      continue;
    }
    if (!content) problems.push(`${key} names an empty file (${value})`);
    else resolved[base] = content;
  }
  if (problems.length) throw new EnvironmentError(problems);
  return resolved;
}

/** Checks the environment once at start; throws naming every variable that is wrong. */
export function checkEnvironment(name: ProcessName, env: NodeJS.ProcessEnv = process.env): void {
  const problems = environmentProblems(name, env);
  if (problems.length) throw new EnvironmentError(problems);
}

/**
 * The environment of process `name`, parsed once: secrets given as files read (`NAME_FILE`),
 * checked (throws EnvironmentError naming every variable that is wrong), each of the process's own
 * variables turned into its typed value (an empty one counts as unset and gets the default), and
 * frozen. Other processes' variables are left out.
 */
export function readEnvironment<P extends ProcessName>(name: P, given: NodeJS.ProcessEnv = process.env): Environment<P> {
  const env = secretsFromFiles(name, given);
  checkEnvironment(name, env);
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(TABLE)) {
    if (!variable?.processes.includes(name)) continue;
    const text = env[key];
    const value = text ? variable.kind.parse(text) : variable.unset;
    if (value !== undefined) values[key] = value;
  }
  return frozen(values) as Environment<P>;
}

/**
 * The start of every process: reads its environment once (the only read of `process.env` a
 * process makes; the values go down from its entry point as settings), and turns a refusal (a bad
 * setting, a schema behind the code) into one line naming the problem and exit code 78
 * (EX_CONFIG), not a stack trace. A Node version older than 20 is refused the same way, and one
 * that is not tested is named in a warning (node-version.ts).
 */
export function startProcess<P extends ProcessName>(name: P): Environment<P> {
  const node = nodeVersionVerdict(process.versions.node);
  if (node && 'refuse' in node) refuse(name, new EnvironmentError([node.refuse]));
  if (node && 'warn' in node) console.error(`${name}: ${node.warn}`);
  try {
    return readEnvironment(name);
  } catch (error) {
    return refuse(name, error);
  }
}

/** Settings read at start do not change while the process runs: frozen, nested objects too. */
export function frozen<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object' && !Object.isFrozen(inner)) frozen(inner);
  }
  return Object.freeze(value);
}

/** Prints why the process cannot start and exits; other errors are rethrown. */
export function refuse(name: ProcessName, error: unknown): never {
  const refusal = error instanceof Error && ['EnvironmentError', 'ConfigError', 'SchemaBehind'].includes(error.name);
  if (!refusal) throw error;
  const problems = error instanceof EnvironmentError ? error.problems : [(error as Error).message];
  for (const problem of problems) console.error(`${name}: cannot start: ${problem}`);
  process.exit(78);
}
