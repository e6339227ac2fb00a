/** Texts of the admin capability. */
export const admin = {} as const;
