import { parseArgs } from 'node:util';
import type { SessionEndReason } from '@odds/protocol';
import {
  createOperator,
  findOperatorByEmail,
  issuePasswordToken,
  listOperators,
  setOperatorPassword,
  setOperatorStatus,
  type OperatorRow,
  type PasswordLink,
} from '../auth/accounts';
import type { Db } from '../db/client';

/** What the command needs from its surroundings, so tests can run it without a terminal. */
export interface CommandIo {
  db: Db;
  out(line: string): void;
  /** Asks for a password without echo, twice; null when there is no terminal to ask on. */
  askPassword: (() => Promise<string | null>) | null;
  /** The console's public address, for set-password links (PUBLIC_URL). */
  publicUrl: string;
  /** Ends the live connections of sessions that a change ended (announces them on the change stream). */
  /** Tells every relay to close these sessions' live connections, and why (their consoles say it). */
  announceRevoked(hashes: string[], reason?: SessionEndReason): Promise<void>;
}

export const USAGE = `Usage: operator <command> [options]   (node dist/operator.js, or npm run operator -- …)

  add --email <email> --name <name> [--admin] [--password <password>]
        Creates an operator. Without --password it asks for one on a terminal, or else prints a
        one-time set-password link (valid 72 hours) to hand to the operator.
  disable --email <email>       The operator can no longer sign in; their open sessions end now.
  enable --email <email>        Lets a disabled operator sign in again.
  reset-password --email <email> [--password <password>]
        Ends the operator's sessions and sets a new password (asked on a terminal), or prints a
        one-time set-password link; the old password stops working.
  list                          Every operator: email, name, admin, status, last sign-in.

Every change is written to the audit log with the actor "system".`;

/** A mistake of the person typing: printed with the usage, exit code 2. */
export class UsageError extends Error {}

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  admin: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line's options and words, or a UsageError saying what is wrong with it. */
function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs one operator command; returns the process's exit code. */
export async function runOperatorCommand(argv: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv);
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return values.help ? 0 : 2;
  }
  if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}'`);
  const allowed: Record<string, (keyof typeof OPTIONS)[]> = {
    add: ['email', 'name', 'password', 'admin'],
    disable: ['email'],
    enable: ['email'],
    'reset-password': ['email', 'password'],
    list: [],
  };
  if (!allowed[command]) throw new UsageError(`unknown command '${command}'`);
  const extra = Object.keys(values).find((key) => key !== 'help' && !allowed[command]!.includes(key as keyof typeof OPTIONS));
  if (extra) throw new UsageError(`${command} takes no --${extra}`);
  if (command !== 'list' && !values.email) throw new UsageError(`${command} needs --email`);

  switch (command) {
    case 'list': {
      const operators = await listOperators(io.db);
      io.out(table(operators));
      return 0;
    }
    case 'add': {
      if (!values.name) throw new UsageError('add needs --name');
      const password = values.password ?? (await io.askPassword?.()) ?? undefined;
      const { account, link } = await createOperator(io.db, { email: values.email!, name: values.name, admin: values.admin ?? false, password }, null);
      io.out(`added ${describe(account)}`);
      if (link) io.out(linkText(io.publicUrl, link, 'to choose a password'));
      return 0;
    }
    case 'disable':
    case 'enable': {
      const account = await existing(io.db, values.email!);
      const { account: changed, revokedTokenHashes } = await setOperatorStatus(io.db, account.id, command === 'disable' ? 'disabled' : 'active', null);
      await io.announceRevoked(revokedTokenHashes, 'disabled');
      io.out(`${command}d ${describe(changed)}${revokedTokenHashes.length ? `; ${revokedTokenHashes.length} session(s) ended` : ''}`);
      return 0;
    }
    case 'reset-password': {
      const account = await existing(io.db, values.email!);
      const password = values.password ?? (await io.askPassword?.()) ?? null;
      if (password !== null) {
        const { revokedTokenHashes } = await setOperatorPassword(io.db, account.id, password, null);
        await io.announceRevoked(revokedTokenHashes, 'password');
        io.out(`password set for ${account.email}${revokedTokenHashes.length ? `; ${revokedTokenHashes.length} session(s) ended` : ''}`);
        return 0;
      }
      const link = await issuePasswordToken(io.db, account.id, 'reset', null);
      await io.announceRevoked(link.revokedTokenHashes, 'password');
      io.out(
        `password of ${account.email} reset: the old one no longer works${link.revokedTokenHashes.length ? `; ${link.revokedTokenHashes.length} session(s) ended` : ''}`,
      );
      io.out(linkText(io.publicUrl, link, 'to choose a new password'));
      return 0;
    }
  }
  return 2;
}

async function existing(db: Db, email: string): Promise<OperatorRow> {
  const account = await findOperatorByEmail(db, email);
  if (!account) throw new UsageError(`no operator has the email ${email}`);
  return account;
}

const describe = (a: OperatorRow) => `${a.name} <${a.email}> (${a.admin ? 'admin, ' : ''}${a.status})`;

function linkText(publicUrl: string, link: PasswordLink, purpose: string): string {
  return `one-time link ${purpose}, valid until ${link.expiresAt.toISOString()} (give it to the operator only):\n  ${publicUrl.replace(/\/$/, '')}/set-password#token=${link.token}`;
}

function table(operators: OperatorRow[]): string {
  const rows = [
    ['EMAIL', 'NAME', 'ADMIN', 'STATUS', 'LAST SIGN-IN'],
    ...operators.map((o) => [o.email, o.name, o.admin ? 'yes' : '', o.status, o.last_sign_in_at ?? 'never']),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
