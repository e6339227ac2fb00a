/** Texts of the finish capability. */
export const finish = {} as const;
