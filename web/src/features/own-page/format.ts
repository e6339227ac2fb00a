/** A date as German readers write it (28.11.2026). */
export const day = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }) : '';
