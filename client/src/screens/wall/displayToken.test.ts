import { DISPLAY_FRAGMENT_KEY } from '@odds/protocol';
import { describe, expect, it } from 'vitest';
import { displayTokenOf, FRAGMENT_KEY } from './displayToken';

describe('display token of a wall address', () => {
  it('uses the protocol fragment key', () => expect(FRAGMENT_KEY).toBe(DISPLAY_FRAGMENT_KEY));

  it('reads a well-formed token and nothing else', () => {
    const token = 'a'.repeat(43);
    expect(displayTokenOf(`#display=${token}`)).toBe(token);
    expect(displayTokenOf(`display=${token}`)).toBe(token);
    expect(displayTokenOf('#display=short')).toBeNull();
    expect(displayTokenOf('#display=<script>aaaaaaaaaaaaaaaaaaaa')).toBeNull();
    expect(displayTokenOf('')).toBeNull();
  });
});
