import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededSnapshot, SNAPSHOT_ENV } from '@odds/upstream/testing';

/**
 * Seeds one in-memory PGlite for the whole run and dumps it to a temporary file; every test file's
 * upstream starts from that dump instead of migrating and seeding again (seconds each on 2 cores).
 */
export default async function setup(): Promise<() => void> {
  const path = join(tmpdir(), `odds-test-snapshot-${process.pid}.tar`);
  const dump = await seededSnapshot();
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  process.env[SNAPSHOT_ENV] = path;
  return () => rmSync(path, { force: true });
}
