/** Dates as German readers expect them, in their own time zone. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' }) : '';

export const formatDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('de-DE', {
    timeZone: iso.length === 10 ? 'UTC' : undefined,
  });

export const formatCount = (n: number) => n.toLocaleString('de-DE');
