/** A local id stands in for a Content-ID while the server is unreachable; it is never sent as one. */
export function localContentId(variant: string): string {
  return `local_${variant}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
}

export const isLocalId = (id: string | null | undefined): boolean => !!id && id.startsWith('local_');

/** Only a numeric id is a Content-ID the server knows (spec: the numeric check decides). */
export const isNumericId = (id: string | number | null | undefined): boolean => id !== null && id !== undefined && /^\d+$/.test(String(id));

/** What the UI shows of an id: its first 8 characters and an ellipsis, for a short id too (spec §2). */
export const shortId = (id: string | number | null | undefined, unavailable: string): string => {
  if (id === null || id === undefined || id === '') return unavailable;
  return `${String(id).slice(0, 8)}...`;
};
