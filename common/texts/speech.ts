/** Texts of the speech capability. */
export const speech = {} as const;
