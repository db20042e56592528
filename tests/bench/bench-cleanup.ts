/**
 * What a bench has started and must stop again (servers, child processes, databases, scratch
 * folders), as steps stopped newest first: each when the bench is done with it, and all that are
 * left when the bench ends, is interrupted (SIGINT, SIGTERM) or fails (an uncaught exception or
 * rejection), after which it exits (130 or 143 for the signals, 1 for an error). A last sweep ends
 * the bench's child processes an orderly stop missed (one started but not handed over yet, one
 * left behind by a parent killed; not those there as it began, as tsx's esbuild service): SIGTERM,
 * then SIGKILL after a grace.
 */
import type { ChildProcess } from 'node:child_process';
import { descendantsOf, type ProcStat, stillRuns } from './scale-cpu';

interface Step {
  what: string;
  stop: () => unknown;
}

const steps: Step[] = [];
const SWEEP_GRACE_MS = 5_000;
/** The processes below the bench as it began (tsx's esbuild service): not the bench's to stop. */
const before = new Set(descendantsOf(process.pid).map((p) => `${p.pid}@${p.started}`));

/** Registers a stop step (`what` names it in messages); answers a function that runs it now, once, and unregisters it. */
export function onCleanup(what: string, stop: () => unknown): () => Promise<void> {
  const step = { what, stop };
  steps.push(step);
  return async () => {
    const at = steps.indexOf(step);
    if (at < 0) return;
    steps.splice(at, 1);
    await runStep(step);
  };
}

/** Runs a step; a failure is told, not thrown (the next step still runs). */
async function runStep(step: Step): Promise<void> {
  try {
    await step.stop();
  } catch (error) {
    console.error(`bench cleanup: stopping ${step.what} failed: ${(error as Error).message}`);
  }
}

/**
 * Stops a child process: `ask` (SIGTERM unless told), SIGKILL if it has not ended within 10 s,
 * and its end awaited; at once for one that has ended already, by a signal too.
 */
export async function stopProcess(child: ChildProcess, ask: () => void = () => child.kill('SIGTERM')): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  ask();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await ended;
  clearTimeout(timer);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends the processes of `left` that still run: SIGTERM, then SIGKILL for those still there after the grace. Answers those it found running. */
async function sweep(left: ProcStat[]): Promise<ProcStat[]> {
  const running = () => left.filter(stillRuns);
  const signal = (name: NodeJS.Signals) => {
    for (const p of running()) {
      try {
        process.kill(p.pid, name);
      } catch {
        // ended meanwhile
      }
    }
  };
  const found = running();
  if (!found.length) return found;
  signal('SIGTERM');
  const deadline = Date.now() + SWEEP_GRACE_MS;
  while (running().length && Date.now() < deadline) await pause(100);
  signal('SIGKILL');
  return found;
}

let cleaning: Promise<void> | null = null;

/**
 * Runs every step left, newest first, then ends the processes that were below the bench as the
 * cleanup began and still run after it (told on stderr when there were any). Once: a second call
 * (the bench's end while a signal's cleanup runs) awaits the first.
 */
export function cleanUp(): Promise<void> {
  cleaning ??= runCleanUp();
  return cleaning;
}

async function runCleanUp(): Promise<void> {
  const below = descendantsOf(process.pid).filter((p) => !before.has(`${p.pid}@${p.started}`));
  for (let step = steps.pop(); step; step = steps.pop()) await runStep(step);
  const ended = await sweep(below);
  if (ended.length) console.error(`bench cleanup: ended ${ended.length} process(es) left running: ${ended.map((p) => `${p.pid} ${p.name}`).join(', ')}`);
}

/** How many times the bench has been told to end (a Ctrl+C reaches it from the terminal and again through `npm run bench`). */
let ends = 0;

/** Whether a signal or an uncaught error is ending the bench: what fails in its main flow meanwhile is a consequence, not news. */
export const ending = () => ends > 0;

/** Cleans up and exits with `code`; a signal meanwhile is told once and otherwise ignored (the cleanup is bounded). */
async function end(code: number, why: string): Promise<void> {
  ends += 1;
  if (ends === 2) console.error(`bench: ${why} while stopping: still stopping what the bench started`);
  if (ends > 1) return;
  console.error(`bench: ${why}: stopping what the bench started`);
  await cleanUp();
  process.exit(code);
}

/** Installs the handlers that clean up and exit on SIGINT (130), SIGTERM (143) and an uncaught error (1; one while ending is not told). */
export function cleanUpOnInterrupt(): void {
  process.on('SIGINT', () => void end(130, 'interrupted (SIGINT)'));
  process.on('SIGTERM', () => void end(143, 'terminated (SIGTERM)'));
  const failed = (error: unknown) => {
    if (!ending()) console.error(error);
    void end(1, 'failed');
  };
  process.on('uncaughtException', failed);
  process.on('unhandledRejection', failed);
}
