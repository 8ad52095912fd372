import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { DIALOG_CONTENT_CLASSES } from './dialog-classes.ts';

export interface ConfirmDeleteTexts {
  title: string;
  cancel: string;
  confirm: string;
  /** shown on the confirm button while the deletion runs; the confirm text when absent */
  pending?: string;
  failed: string;
}

/**
 * Asks before something is deleted for good (WAI-ARIA alertdialog). Cancel has the initial focus, so Enter never deletes
 * by accident; while the deletion runs the dialog cannot be closed and neither button answers.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  trigger,
  texts,
  description,
  pending,
  failed,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the button that opens it, when the dialog is not opened from elsewhere (a menu) */
  trigger?: ReactNode;
  texts: ConfirmDeleteTexts;
  /** what is removed: the dialog's accessible description */
  description: ReactNode;
  pending: boolean;
  failed: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content role="alertdialog" className={DIALOG_CONTENT_CLASSES}>
          <Dialog.Title className="text-lg font-bold">{texts.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-zinc-300">{description}</div>
          </Dialog.Description>
          {failed && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {texts.failed}
            </p>
          )}
          <div className="mt-5 flex justify-end gap-3">
            <Dialog.Close asChild>
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a destructive dialog opens on its safe choice (WAI-ARIA alertdialog) */}
              <Button variant="ghost" autoFocus disabled={pending}>
                {texts.cancel}
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending && texts.pending ? texts.pending : texts.confirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
