import { createInterface } from 'node:readline';
import { refuse, startProcess } from '@odds/ops';
import { changeTransportFor } from '../notices/transports';
import { readOperatorConfig } from '../config';
import { openDatabase } from '../db/client';
import { ChangeBus } from '../notices/bus';
import { runOperatorCommand, USAGE, UsageError } from './command';

/**
 * `node dist/operator.js …` (`npm run operator -- …`): manage operator accounts from a shell,
 * the way a deployment gets its first admin. See command.ts for the commands.
 */
const config = (() => {
  try {
    return readOperatorConfig(startProcess('operator'));
  } catch (error) {
    return refuse('operator', error);
  }
})();
const database = await openDatabase(config.databaseUrl, { migrations: config.production ? 'check' : 'apply' }).catch((error: unknown) =>
  refuse('operator', error),
);
// Sessions a change ends are announced like a logout, so every relay closes their sockets at once.
const transport = changeTransportFor(config.changes, config.databaseUrl);
const bus = new ChangeBus();

let code: number;
try {
  code = await runOperatorCommand(process.argv.slice(2), {
    db: database.db,
    out: (line) => console.log(line),
    askPassword: process.stdin.isTTY && process.stdout.isTTY ? askPasswordTwice : null,
    publicUrl: config.publicUrl,
    async announceRevoked(hashes, reason) {
      if (!hashes.length || !transport) return;
      await bus.attach(transport);
      bus.publish({ match_id: 0, topics: [], revoked_tokens: hashes, ...(reason && { revoked_reason: reason }) });
      await bus.flush();
    },
  });
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`operator: ${error.message}\n\n${USAGE}`);
    code = 2;
  } else if (typeof (error as { statusCode?: unknown }).statusCode === 'number' && (error as { statusCode: number }).statusCode < 500) {
    // A refusal in the operator's words (taken email, short password, last admin).
    console.error(`operator: ${(error as Error).message}`);
    code = 1;
  } else {
    throw error;
  }
} finally {
  await bus.detach();
  await database.close();
}
process.exit(code!);

/** Asks for the password twice on the terminal, without echo. */
async function askPasswordTwice(): Promise<string> {
  const first = await askHidden('Password (at least 12 characters): ');
  const second = await askHidden('Same password again: ');
  if (first !== second) throw new UsageError('the two passwords differ');
  return first;
}

function askHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo the question, not what is typed.
  const writer = rl as unknown as { _writeToOutput: (text: string) => void };
  let asked = false;
  writer._writeToOutput = (text: string) => {
    if (!asked) {
      process.stdout.write(text);
      asked = true;
    }
  };
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}
