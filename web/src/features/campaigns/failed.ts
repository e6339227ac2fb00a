import { texts } from '../../../../common/texts';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/notify';

/** A refused or failed call: its German message as a toast. */
export function failed(error: unknown) {
  notify.error(texts.common.errorTitle, error instanceof ApiError ? error.message : texts.finish.unexpectedError);
}
