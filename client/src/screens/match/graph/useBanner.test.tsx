import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, stubFetch } from '../../../testing/fetchStub';
import { useBanner } from './useBanner';

afterEach(cleanup);

function Creative() {
  const banner = useBanner(7, 1, true, 101);
  return banner.error ? <p role="alert">{banner.error}</p> : <output>{banner.html ?? 'loading'}</output>;
}

describe('the Graph tab’s creative', () => {
  it('is read again after a busy moment’s 504, as every read is, instead of showing the error', async () => {
    let calls = 0;
    const { calls: seen } = stubFetch({
      'GET /api/1/banner/7/1': () => {
        calls += 1;
        return calls === 1
          ? errorReply(504, 'The back-office services cannot be reached; try again in a moment.')
          : new Response('<div class="banner">Netherlands</div>', { status: 200 });
      },
    });
    render(<Creative />);
    await screen.findByText('<div class="banner">Netherlands</div>', {}, { timeout: 5_000 });
    expect(seen.filter((c) => c.url.pathname === '/api/1/banner/7/1')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
