import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MinuteEntry, effectivePeriod, type MinuteValue } from './MinuteEntry';
import { emptyRow, inputOf } from './useEventForm';

function Harness({ start }: { start: MinuteValue }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <MinuteEntry id="t" value={value} onChange={setValue} />
      <span data-testid="period">{effectivePeriod(value)}</span>
    </>
  );
}

const readout = () => screen.getByLabelText('Match time').textContent;
const typeMinute = (text: string) => {
  const input = screen.getByLabelText('Minute');
  fireEvent.input(input, { target: { value: text } });
  fireEvent.blur(input);
};

describe('stat event time entry (SPEC §4)', () => {
  afterEach(cleanup);

  it('shows 45+n in period 1 and infers the period from the minute', () => {
    render(<Harness start={{ minute: 47, period: 1, periodSet: true }} />);
    expect(readout()).toBe('45+2');
    expect(screen.getByTestId('period').textContent).toBe('1');
  });

  it('infers period 2 past 45 and shows 90+n past 90', () => {
    render(<Harness start={{ minute: null, period: 1, periodSet: false }} />);
    typeMinute('93');
    expect(readout()).toBe('90+3');
    expect(screen.getByTestId('period').textContent).toBe('2');
    typeMinute('30');
    // A plain minute is not repeated beside its field.
    expect(readout()).toBe('');
    expect(screen.getByTestId('period').textContent).toBe('1');
  });

  it('keeps a period the operator set instead of inferring it', () => {
    render(<Harness start={{ minute: 47, period: 1, periodSet: false }} />);
    expect(readout()).toBe('');
    fireEvent.click(screen.getByLabelText('Set period'));
    // Setting the period starts from the inferred one; period 1 is chosen through the dropdown in the form.
    expect(screen.getByTestId('period').textContent).toBe('2');
  });

  it('sends 45+2 as game time 45, extra time 2, period 1', () => {
    const row = { ...emptyRow(), type: 3, minute: 47, period: 1, periodSet: true };
    expect(inputOf(row, 9)).toMatchObject({ match_id: 9, type: 3, period: 1, game_time: 45, extra_time: 2, tags: [] });
    expect(inputOf({ ...row, periodSet: false }, 9)).toMatchObject({ period: 2, game_time: 47, extra_time: 0 });
    expect(inputOf({ ...row, type: null }, 9)).toBeNull();
  });
});
