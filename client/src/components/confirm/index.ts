/**
 * The confirm-delete button of SPEC §4 (first click starts a 5-second countdown, a second click
 * confirms, the countdown ending resets it). It was built with the contacts screens under
 * components/forms; this module is where screens of the match pages import it from.
 */
export { ConfirmDeleteButton } from '../forms/ConfirmDeleteButton';
