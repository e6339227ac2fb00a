import { type RefObject, useEffect, useRef } from 'react';

const focusable = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * When `key` changes (a recorder's phase) and the control that had the focus went away or was
 * disabled, the focus goes to the first control in `container`: a keyboard user pressing "Aufnahme
 * starten" lands on "Aufnahme beenden", not at the top of the page. A focus elsewhere is left alone.
 */
export function useKeepFocus(container: RefObject<HTMLElement | null>, key: unknown): void {
  const last = useRef(key);
  // After every render; it acts only when `key` changed.
  useEffect(() => {
    if (Object.is(last.current, key)) return;
    last.current = key;
    const active = document.activeElement as HTMLElement | null;
    const lost =
      !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled === true;
    if (lost) container.current?.querySelector<HTMLElement>(focusable)?.focus();
  });
}
