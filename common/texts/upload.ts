/** Texts of the upload capability. */
export const upload = {} as const;
