import { z } from 'zod';
import { consentKinds } from '../finish-rules';
import { texts } from '../texts';

const t = texts.ownPage;

/** `konto` (the signed-in account) or a personal link's code. */
export const ownPageParam = z.object({ access: z.string().min(1).max(64) });
export const ownPageMediaParams = ownPageParam.extend({ mediaId: z.coerce.number().int().positive() });

/** Withdraw one consent kind or several (all) in one step; no reasons asked. */
export const withdrawal = z.object(
  {
    kinds: z
      .array(z.enum(consentKinds, { error: texts.common.invalidInput }))
      .min(1)
      .max(consentKinds.length),
  },
  { error: texts.common.invalidInput },
);
export type Withdrawal = z.infer<typeof withdrawal>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const keepReason = z.object(
  { reason: z.string({ error: t.keepReasonRequired }).trim().min(3, t.keepReasonRequired).max(2000) },
  { error: t.keepReasonRequired },
);
export const asOfQuery = z.object({ tenant: z.string().max(64).optional() });

/** An admin's new wording of a consent kind: becomes the tenant's current version. */
export const newConsentText = z.object(
  {
    kind: z.enum(consentKinds, { error: texts.common.invalidInput }),
    text: z.string({ error: texts.common.invalidInput }).trim().min(10, texts.common.invalidInput).max(2000),
  },
  { error: texts.common.invalidInput },
);
export const retentionSetting = z.object({ months: z.coerce.number().int().min(1).max(120) });
