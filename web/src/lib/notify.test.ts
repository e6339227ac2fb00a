import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { texts } from '../../../common/texts';
import { ApiError } from './api';
import { failureMessage, notifyFailure } from './notify';

describe('the failure toast', () => {
  it("says the server's German message of a refused call", () => {
    expect(failureMessage(new ApiError(409, 'Diese Adresse ist schon eingeladen.'))).toBe(
      'Diese Adresse ist schon eingeladen.',
    );
  });

  it('says the general German error for anything else, or the fallback given', () => {
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(texts.common.internalError);
    expect(failureMessage(new Error('x'), 'Der Entwurf kam nicht.')).toBe('Der Entwurf kam nicht.');
  });

  it('shows "Fehler" with that message as the one error toast', () => {
    notifyFailure(new ApiError(403, 'Dafür fehlt Ihnen die Berechtigung.'));
    const last = toast.getToasts().at(-1) as { type?: string; title?: unknown; description?: unknown };
    expect(last).toMatchObject({
      type: 'error',
      title: texts.common.errorTitle,
      description: 'Dafür fehlt Ihnen die Berechtigung.',
    });
  });
});
