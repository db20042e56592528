import { useState } from 'react';
import { createPortal } from 'react-dom';

export interface SkipLink {
  /** Where the link points (an element's id), so the address and axe know its target. */
  targetId: string;
  text: string;
  /** Moves the focus there (the table's tab stop, the pager's current page). */
  onFollow: () => void;
}

const HOST_ID = 'skip-links';

/**
 * The landmark that holds the page's skip links: the first element of the body, so they are the
 * first Tab stops of the page, before the top bar and the menu. Created once, on first use.
 */
function skipLinksHost(): HTMLElement {
  let host = document.getElementById(HOST_ID);
  if (!host) {
    host = document.createElement('nav');
    host.id = HOST_ID;
    host.className = 'skip-links';
    host.setAttribute('aria-label', 'Skip links');
    document.body.prepend(host);
  }
  return host;
}

/**
 * Skip links of a screen part ("Skip to table", "Skip to pager"): hidden until focused,
 * then shown at the top left of the page. They live while their part is on screen.
 */
export function SkipLinks({ links }: { links: readonly SkipLink[] }) {
  const [host] = useState(skipLinksHost);
  return createPortal(
    links.map((link) => (
      <a
        key={link.targetId}
        href={`#${link.targetId}`}
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          link.onFollow();
        }}
      >
        {link.text}
      </a>
    )),
    host,
  );
}
