/** Texts of the interview capability. */
export const interview = {} as const;
