import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { texts } from '../../../common/texts';
import { Button, type ButtonProps } from './Button';

/**
 * A confirmation as a modal alert dialog (Radix, like the delete dialog): the focus moves in and
 * stays inside, Escape or "Abbrechen" closes it, and the focus returns to the button that opened it.
 */
export function ConfirmDialog({
  trigger,
  triggerProps,
  title,
  text,
  confirm,
  busy,
  onConfirm,
}: {
  trigger: ReactNode;
  triggerProps?: ButtonProps;
  title: string;
  text?: string;
  confirm: string;
  busy?: boolean;
  onConfirm(): void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" {...triggerProps}>
          {trigger}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content
          // Without a text the title says it all (Radix wants that stated).
          {...(text ? {} : { 'aria-describedby': undefined })}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          {text && <AlertDialog.Description className="mt-2 text-sm text-slate-600">{text}</AlertDialog.Description>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{texts.common.cancel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" disabled={busy} onClick={onConfirm}>
                {confirm}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
