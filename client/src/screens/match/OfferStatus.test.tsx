import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfferStatus } from './OfferStatus';

describe('an offer status cell', () => {
  afterEach(cleanup);

  it('reads "fired, nothing sent" with the reasons for a fired offer that sent nothing', () => {
    const { container } = render(
      <OfferStatus
        offer={{
          status: 'TRIGGERED',
          nothing_sent: [
            { reason: 'CHANNEL_NOT_CONFIGURED', detail: 'Push is not configured' },
            { reason: 'RATE_LIMIT', detail: '3 sends in 10 minutes' },
          ],
        }}
      />,
    );
    expect(container.textContent).toBe('fired, nothing sentPush is not configured; 3 sends in 10 minutes');
    expect(container.textContent).not.toContain('TRIGGERED');
    expect(container.querySelector('[title]')!.getAttribute('title')).toBe('CHANNEL_NOT_CONFIGURED: Push is not configured\nRATE_LIMIT: 3 sends in 10 minutes');
  });

  it('keeps TRIGGERED for an offer that sent something, and other statuses as they are', () => {
    expect(render(<OfferStatus offer={{ status: 'TRIGGERED' }} />).container.textContent).toBe('TRIGGERED');
    cleanup();
    expect(render(<OfferStatus offer={{ status: 'SKIPPED' }} />).container.textContent).toBe('SKIPPED');
  });
});
