/**
 * Accessible names for the parts of PrimeReact 10 widgets that a <label for> does not reach.
 *
 * A Dropdown keeps a trigger button (named by its placeholder, if any) and a hidden native select
 * beside its focusable input; both need the field's name, or axe reports them unnamed.
 */
export const dropdownNames = (name: string) => ({
  ariaLabel: name,
  pt: { select: { 'aria-label': name }, trigger: { 'aria-label': name } },
});

/**
 * An InputSwitch wraps its focusable input (role switch) in a div that claims role checkbox too:
 * one control nested in another (axe nested-interactive). The input alone is the control.
 */
export const switchPt = { root: { role: undefined, 'aria-checked': undefined } };
