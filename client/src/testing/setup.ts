import { act, configure, getConfig } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../api/queries';

const { asyncWrapper } = getConfig();

configure({
  // Screens are lazy-loaded; on a busy 2-core CI machine the first import of one can take seconds.
  // Waiting longer for what a person would eventually see keeps the tests about behaviour, not speed.
  asyncUtilTimeout: 10_000,
  // A findBy* can see an element React committed outside act() before that render's passive effects
  // ran; PrimeReact's inputs attach their refs in such effects, so a value typed at once was dropped
  // (InputNumber's blur read a null ref). A person cannot type that fast: flush React's pending work
  // after every wait, as a browser would before the next keystroke.
  asyncWrapper: async (callback) => {
    const result = await asyncWrapper(callback);
    await act(async () => {});
    return result;
  },
});

// One cache per test: an answer cached by one test must not stand in for another's stubbed server.
afterEach(() => queryClient.clear());
