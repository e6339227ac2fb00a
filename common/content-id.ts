/**
 * A local id stands in for a Content-ID while the server cannot make one; it is never sent as one.
 * As the spec forms them: `local_<variant>_<timestamp>_<random>`, and in the bank (no variant word)
 * plain `local_` and the timestamp.
 */
export function localContentId(variant: string): string {
  if (!variant) return `local_${Date.now()}`;
  return `local_${variant}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
}

export const isLocalId = (id: string | null | undefined): boolean => !!id && id.startsWith('local_');

/** Only a numeric id is a Content-ID the server knows (spec: the numeric check decides). */
export const isNumericId = (id: string | number | null | undefined): boolean =>
  id !== null && id !== undefined && /^\d+$/.test(String(id));

/** What the UI shows of an id: its first 8 characters and an ellipsis, for a short id too (spec §2). */
export const shortId = (id: string | number | null | undefined, unavailable: string): string => {
  if (id === null || id === undefined || id === '') return unavailable;
  return `${String(id).slice(0, 8)}...`;
};
