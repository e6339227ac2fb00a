import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { texts } from '../../../../common/texts';

/** How long a new page may take to show its heading (lazy code, data) before the announcer gives up. */
const HEADING_WAIT_MS = 15_000;

/** The page's own heading: the first h1, unless it is still the previous page's (same element, same text). */
function newHeading(previous: { el: Element; text: string } | null): HTMLHeadingElement | null {
  const h1 = document.querySelector('h1');
  if (!h1?.textContent?.trim()) return null;
  return previous && h1 === previous.el && h1.textContent === previous.text ? null : h1;
}

/** The browser tab's title of a page: its heading and the tenant ("Bild hochladen – VDI"). */
export function pageTitle(heading: string): string {
  const tenant = document.querySelector('[data-title-tenant]')?.getAttribute('data-title-tenant') || 'VDI';
  return texts.nav.pageTitle(heading.replace(/\s+/g, ' ').trim(), tenant);
}

/**
 * Mount once inside the router (WCAG 2.4.2, 2.4.3, 4.1.3). When a page shows its heading: the
 * document's title becomes the page's own; after a navigation inside the app the focus moves to
 * that heading (unless the page put it somewhere itself) and the page is announced politely.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const lastHeading = useRef<Element | null>(null);
  const lastHeadingText = useRef('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page, i.e. per pathname
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    const previous =
      !initial && lastHeading.current ? { el: lastHeading.current, text: lastHeadingText.current } : null;
    const focusBefore = document.activeElement;
    let done = false;
    const settle = (): boolean => {
      const h1 = newHeading(previous);
      if (!h1) return false;
      done = true;
      lastHeading.current = h1;
      lastHeadingText.current = h1.textContent ?? '';
      const title = pageTitle(h1.textContent ?? '');
      document.title = title;
      if (initial) return true;
      const active = document.activeElement;
      // The page's own focus (an autofocused field) wins; focus left on the body or the old page moves.
      const ownFocus = active && active !== document.body && active !== focusBefore && active.isConnected;
      if (!ownFocus) {
        if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
        h1.focus({ preventScroll: true });
      }
      setAnnouncement(texts.nav.pageAnnounced(title));
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (!done && settle()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
