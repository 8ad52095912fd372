import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '#web/components/ui/Button.tsx';
import { DIALOG_CONTENT_CLASSES } from '#web/features/share/index.ts';
import { DELETE_ACCOUNT_TEXTS as T } from './delete-account-texts.ts';
import { useDeleteAccount } from './use-delete-account.ts';

/**
 * Asks before deleting the account; opened from the user menu or the mobile menu (so it is controlled, and rendered
 * outside them). Cancel has the initial focus, so Enter never deletes by accident.
 */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteAccount();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content role="alertdialog" className={DIALOG_CONTENT_CLASSES}>
          <Dialog.Title className="text-lg font-bold">{T.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-zinc-300">
              <p>{T.description}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {T.removed.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p className="mt-3 font-semibold text-zinc-100">{T.noRefund}</p>
            </div>
          </Dialog.Description>
          {remove.isError && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {T.failed}
            </p>
          )}
          <div className="mt-5 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="ghost" autoFocus disabled={remove.isPending}>
                {T.cancel}
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {remove.isPending ? T.pending : T.confirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
