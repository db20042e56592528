import { describe, expect, it } from 'vitest';
import { nodeVersionVerdict } from './node-version';

describe('the Node versions a process starts on', () => {
  it('starts quietly on 24 and on 20.19 or later', () => {
    for (const version of ['24.0.0', 'v24.22.3', '20.19.0', '20.20.2']) expect(nodeVersionVerdict(version)).toBeNull();
  });

  it('warns on a version it is not tested on, and starts', () => {
    for (const version of ['20.18.1', '22.12.0', '23.1.0', '25.0.0', '26.2.1']) {
      expect(nodeVersionVerdict(version)).toEqual({ warn: expect.stringContaining(`Node.js ${version} is not a tested version`) });
    }
  });

  it('refuses a Node older than 20, saying what to install', () => {
    expect(nodeVersionVerdict('18.20.4')).toEqual({ refuse: 'Node.js 18.20.4 is too old: install Node.js 24 LTS (20.19 or later still works)' });
  });
});
