/**
 * The Node versions the console supports, as package.json's `engines` says (`^24.0.0 || ^20.19.0`):
 * 24 LTS, what production runs and CI tests on, and 20.19 or later until the machines move. Every
 * process checks its own at start (startProcess). Older than 20 it stops with a line saying what
 * to install: fastify 5 and the ES-module loading the code relies on need 20. Any other version
 * (20.0–20.18, 21–23, 25 or later) starts with a one-line warning that it is not tested.
 */
const SUPPORTED = 'Node.js 24 LTS (20.19 or later still works)';

export type NodeVerdict = { refuse: string } | { warn: string } | null;

export function nodeVersionVerdict(version: string): NodeVerdict {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major === 24 || (major === 20 && minor >= 19)) return null;
  if (major < 20) return { refuse: `Node.js ${version} is too old: install ${SUPPORTED}` };
  return { warn: `Node.js ${version} is not a tested version: it may work; the supported one is ${SUPPORTED}` };
}
