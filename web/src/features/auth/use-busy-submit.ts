import { useState, type FormEvent } from 'react';
import { toast } from '#web/components/ui/toast-store.ts';
import type { FormProblem } from './sign-up-validation.ts';

/**
 * The auth forms' submit. A problem found before sending (passwords that differ) is shown in a toast and nothing is
 * sent; otherwise the form's button stays busy while the action runs. A failed action needs nothing more here: the
 * auth provider has already shown why in a toast.
 */
export function useBusySubmit(action: () => Promise<unknown>, problem: () => FormProblem | null = () => null) {
  const [busy, setBusy] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = problem();
    if (found) {
      toast({ ...found, variant: 'destructive' });
      return;
    }
    setBusy(true);
    void action()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return { busy, onSubmit };
}
