import { isNumericId } from '../../../../common/content-id';
import { consentWordings, type ConsentKind } from '../../../../common/finish-rules';
import { call } from '../../api/client';

/**
 * Records that the person agreed to a consent wording (e.g. the photo rights checkbox on the
 * upload pages), word for word and with the time, on the submission. Local ids have nothing to
 * record on the server.
 */
export async function recordConsent(
  contentId: string | number,
  kind: ConsentKind,
  text: string = consentWordings[kind][0]!,
): Promise<void> {
  if (!isNumericId(contentId)) return;
  await call('POST /submissions/:contentId/consents', { params: { contentId }, body: { kind, text } }, { contentId });
}
