import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { logFormat, loggerOptions, traceMixin } from './logging';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const sample = 'infra/ops/test/print-log.ts';

/** The sample service's output, its stdout a pipe or (through `script`) a pseudo-terminal. */
async function output({ tty, env = {} }: { tty: boolean; env?: Record<string, string> }): Promise<string[]> {
  const command = `${JSON.stringify(process.execPath)} --import tsx ${sample}`;
  const { stdout } = tty
    ? await run('script', ['-qec', command, '/dev/null'], { cwd: root, env: { ...process.env, ...env } })
    : await run(process.execPath, ['--import', 'tsx', sample], { cwd: root, env: { ...process.env, ...env } });
  return stdout.split(/\r?\n/).filter(Boolean);
}
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');

describe('log format', () => {
  it('is pretty on a terminal: one short line each, module or service first, colours, no request noise at info', async () => {
    const lines = await output({ tty: true, env: { LOG_FORMAT: '', LOG_LEVEL: 'info' } });
    expect(lines.some((line) => line.includes('\x1b['))).toBe(true);
    expect(lines.map(plain)).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO: relay:live live path ready \{"store":"memory"\}$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO: relay GET \/missing 404 [\d.]+ ms$/),
    ]);
  }, 30_000);

  it('shows the short request line of a 2xx at debug', async () => {
    const lines = (await output({ tty: true, env: { LOG_FORMAT: '', LOG_LEVEL: 'debug', NO_COLOR: '1' } })).map(plain);
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} DEBUG: relay GET \/ok 200 [\d.]+ ms$/));
    expect(lines.every((line) => !line.includes('\x1b['))).toBe(true);
  }, 30_000);

  it('is JSON lines when piped, and on a terminal with LOG_FORMAT=json', async () => {
    for (const lines of [await output({ tty: false, env: { LOG_FORMAT: '' } }), await output({ tty: true, env: { LOG_FORMAT: 'json' } })]) {
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toEqual([
        expect.objectContaining({ level: 30, name: 'relay', module: 'relay:live', store: 'memory', msg: 'live path ready' }),
        expect.objectContaining({ level: 30, name: 'relay', http: { status: 404, ms: expect.any(Number) }, msg: expect.stringMatching(/^GET \/missing 404 /) }),
      ]);
    }
  }, 30_000);

  it('follows LOG_FORMAT, else whether stdout is a terminal', () => {
    expect(logFormat({}, { isTTY: true })).toBe('pretty');
    expect(logFormat({}, { isTTY: false })).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'json' }, { isTTY: true })).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'Pretty' }, {})).toBe('pretty');
    expect(() => logFormat({ LOG_FORMAT: 'xml' }, {})).toThrow("LOG_FORMAT must be json or pretty, got 'xml'");
    expect(loggerOptions('upstream', 'warn', {}, {})).toEqual({ name: 'upstream', level: 'warn', mixin: traceMixin });
    expect(loggerOptions('upstream', 'info', { NO_COLOR: '1' }, { isTTY: true }).transport).toMatchObject({ options: { colorize: false } });
  });
});
