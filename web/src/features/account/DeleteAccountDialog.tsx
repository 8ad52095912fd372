import { ConfirmDeleteDialog } from '#web/components/ui/ConfirmDeleteDialog.tsx';
import { DELETE_ACCOUNT_TEXTS as T } from './delete-account-texts.ts';
import { useDeleteAccount } from './use-delete-account.ts';

/** Asks before deleting the account; opened from the user menu or the mobile menu (so it is controlled, and rendered outside them). */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteAccount();
  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      texts={T}
      description={
        <>
          <p>{T.description}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {T.removed.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-3 font-semibold text-zinc-100">{T.noRefund}</p>
        </>
      }
      pending={remove.isPending}
      failed={remove.isError}
      onConfirm={() => remove.mutate()}
    />
  );
}
