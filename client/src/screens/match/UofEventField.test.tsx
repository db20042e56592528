import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../testing/fetchStub';
import { UofEventField } from './UofEventField';

afterEach(cleanup);

describe('the match header’s UOF event field', () => {
  it('keeps what the operator typed when the link’s read answers after it, and Link stays enabled', async () => {
    let answer: (reply: Response) => void = () => {};
    stubFetch({ 'GET /api/1/match/7/uof': () => new Promise<Response>((resolve) => (answer = resolve)) });
    render(<UofEventField matchId={7} />);
    const field = screen.getByLabelText('UOF event');
    fireEvent.change(field, { target: { value: 'sr:match:20440301' } });
    await act(async () => {
      answer(json(200, { match_id: 7, event: null, version: null }));
      // The query cache tells its observers on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect((field as HTMLInputElement).value).toBe('sr:match:20440301');
    expect((screen.getByRole('button', { name: 'Link' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the linked event once read while nothing was typed', async () => {
    stubFetch({ 'GET /api/1/match/7/uof': () => json(200, { match_id: 7, event: 'sr:match:1', version: 2 }) });
    render(<UofEventField matchId={7} />);
    await screen.findByDisplayValue('sr:match:1');
    expect((screen.getByRole('button', { name: 'Link' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Unlink' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
