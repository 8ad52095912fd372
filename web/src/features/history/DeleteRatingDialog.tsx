import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { DIALOG_CONTENT_CLASSES } from '#web/features/share/index.ts';
import { useDeleteRating } from './use-history.ts';

export const DELETE_TEXTS = {
  trigger: 'Delete',
  title: 'Delete this analysis?',
  description: 'The result, its photo thumbnail and its share link are removed for good. This cannot be undone.',
  confirm: 'Delete analysis',
  cancel: 'Cancel',
  done: 'Analysis deleted',
  failed: 'Could not delete the analysis. Please try again.',
} as const;

/** A Delete button that asks first; Cancel has the initial focus, so Enter never deletes by accident. */
export function DeleteRatingDialog({
  ratingId,
  label,
  onDeleted,
}: {
  ratingId: string;
  label?: string;
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteRating(() => {
    setOpen(false);
    toast({ title: DELETE_TEXTS.done, variant: 'success' });
    onDeleted?.();
  });
  const confirm = () => remove.mutate(ratingId);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={label}>
          {DELETE_TEXTS.trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content role="alertdialog" className={DIALOG_CONTENT_CLASSES}>
          <Dialog.Title className="text-lg font-bold">{DELETE_TEXTS.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-400">{DELETE_TEXTS.description}</Dialog.Description>
          {remove.isError && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {DELETE_TEXTS.failed}
            </p>
          )}
          <div className="mt-5 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="ghost" autoFocus>
                {DELETE_TEXTS.cancel}
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
              {DELETE_TEXTS.confirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
