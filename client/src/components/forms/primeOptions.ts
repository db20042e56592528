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
 */
export const PRIME_OPTIONS: Partial<APIOptions> = {
  pt: {
    dropdown: { root: { 'aria-activedescendant': undefined } },
  },
};
