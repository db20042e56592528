import type { APIOptions } from 'primereact/api';
import './prime.css';

/**
 * PrimeReact's global options (the `PrimeReactProvider` value of main.tsx and of the component
 * tests): pass-through props every instance of a widget gets, for faults of PrimeReact 10 itself.
 *
 * - Dropdown: while focused, its wrapper div carries `aria-activedescendant="dropdownItem_N"`. A div
 *   without a role may not have it (axe aria-allowed-attr, critical, on every open dropdown), and
 *   it is useless there: the focus is on the hidden input inside, and a screen reader follows the
 *   focused element. Every Dropdown of the console drops it; a screen's own `pt` adds to this one.
 *   Its filter field has no name (axe label, critical): 'Filter options'.
 * - Calendar (open): each day's span says `aria-selected`/`aria-disabled` without a role that
 *   allows them (aria-allowed-attr, critical); the day cell's name '2026-11-01' does not contain
 *   its visible '1', nor 'Choose Month' the month button's 'November' (label-content-name-mismatch,
 *   serious). The cell is named '1 November 2026', the month and year buttons by their text.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface DayContext {
  context?: { date?: { day: number; month: number; year: number } };
}

export const PRIME_OPTIONS: Partial<APIOptions> = {
  pt: {
    dropdown: {
      root: { 'aria-activedescendant': undefined },
      filterInput: { 'aria-label': 'Filter options' },
    },
    calendar: {
      dayLabel: { 'aria-selected': undefined, 'aria-disabled': undefined },
      day: (options: DayContext) => {
        const date = options?.context?.date;
        return date ? { 'aria-label': `${date.day} ${MONTHS[date.month]} ${date.year}` } : {};
      },
      monthTitle: { 'aria-label': undefined },
      yearTitle: { 'aria-label': undefined },
    },
  },
};
