import { useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
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

/** A Delete button that asks first. */
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
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" aria-label={label}>
          {DELETE_TEXTS.trigger}
        </Button>
      }
      texts={DELETE_TEXTS}
      description={<p>{DELETE_TEXTS.description}</p>}
      pending={remove.isPending}
      failed={remove.isError}
      onConfirm={() => remove.mutate(ratingId)}
    />
  );
}
