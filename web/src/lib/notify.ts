import { toast } from 'sonner';
import { texts } from '../../../common/texts';
import { ApiError } from './api';

/** The spec's toasts: one at a time (a new one replaces the old), title and text, 5 s; an error stays until closed. */
function show(kind: 'success' | 'error' | 'info' | 'warning', title: string, text?: string) {
  toast.dismiss();
  toast[kind](title, { description: text, ...(kind === 'error' ? { duration: Number.POSITIVE_INFINITY } : {}) });
}

/** Escape inside the notification region (reached with F8 or Tab) closes the notice. */
export function closeToastOnEscape(event: KeyboardEvent) {
  if (event.key === 'Escape' && (document.activeElement as HTMLElement | null)?.closest('[data-sonner-toaster]')) {
    toast.dismiss();
  }
}

export const notify = {
  success: (title: string, text?: string) => show('success', title, text),
  error: (title: string, text?: string) => show('error', title, text),
  info: (title: string, text?: string) => show('info', title, text),
  warning: (title: string, text?: string) => show('warning', title, text),
};

export const TOAST_DURATION_MS = 5000;

/** What a failed call says to the person: the server's German message, else the fallback. */
export const failureMessage = (error: unknown, fallback: string = texts.common.internalError): string =>
  error instanceof ApiError ? error.message : fallback;

/** A refused or failed call as the error toast ("Fehler" and the server's German message); fits `onError`. */
export function notifyFailure(error: unknown) {
  notify.error(texts.common.errorTitle, failureMessage(error));
}
