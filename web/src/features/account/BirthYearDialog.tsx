import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { birthYearBounds } from '#shared/birth-year.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { DIALOG_CONTENT_CLASSES } from '#web/components/ui/dialog-classes.ts';
import { BIRTH_YEAR_TEXTS as T } from './birth-year-texts.ts';
import { birthYearError, useSaveBirthYear } from './use-birth-year.ts';

/**
 * The optional birth year of the profile, opened from the user menu or the mobile menu (controlled, rendered outside
 * them). It only adds "more hair than about N % of men your age" to later results.
 */
export function BirthYearDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className={DIALOG_CONTENT_CLASSES}>
          <Dialog.Title className="text-lg font-bold">{T.title}</Dialog.Title>
          {/* mounted only while open, so it starts from the stored value each time */}
          {open && <BirthYearForm onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BirthYearForm({ onDone }: { onDone: () => void }) {
  const auth = useAuth();
  const stored = auth.profile?.birthYear ?? null;
  const [text, setText] = useState(stored === null ? '' : String(stored));
  const [invalid, setInvalid] = useState(false);
  const save = useSaveBirthYear();
  const { min, max } = birthYearBounds();

  const submit = (year: number | null) =>
    save.mutate(year, {
      onSuccess: () => {
        toast({ title: year === null ? T.cleared : T.saved, variant: 'success' });
        onDone();
      },
    });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return submit(null);
    if (!/^\d{4}$/.test(trimmed)) return setInvalid(true);
    setInvalid(false);
    submit(Number(trimmed));
  };
  const error = invalid ? T.invalid : birthYearError(save.error);

  return (
    <form onSubmit={onSubmit} className="mt-3 grid gap-4">
      <Dialog.Description className="text-sm text-zinc-300">{T.note}</Dialog.Description>
      <Field
        label={T.label}
        inputMode="numeric"
        autoComplete="bday-year"
        placeholder={String(max - 12)}
        min={min}
        max={max}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {stored !== null && (
          <Button type="button" variant="ghost" onClick={() => submit(null)} disabled={save.isPending}>
            {T.clear}
          </Button>
        )}
        <Dialog.Close asChild>
          <Button type="button" variant="ghost" disabled={save.isPending}>
            {T.cancel}
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? T.pending : T.save}
        </Button>
      </div>
    </form>
  );
}
