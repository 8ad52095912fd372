import { useId } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { ACCEPT_ATTRIBUTE } from './validate-upload.ts';

export const CROWN_TEXTS = {
  add: 'Add a crown photo (optional)',
  choose: 'Choose a crown photo',
  change: 'Choose another crown photo',
  remove: 'Remove crown photo',
  howTo: 'Part your hair at the crown and photograph the top of your head from above, in good light.',
  alt: 'Preview of the crown photo you chose',
  keptAlt: 'Preview of the crown photo you chose before signing in',
  kept: 'Your crown photo from before is ready too.',
  lost: 'Your crown photo could not be kept. Choose it again, or press Analyze to rate your face photo alone.',
  oneCredit: 'Both photos are analysed together for one credit.',
} as const;

interface CrownPickerProps {
  open: boolean;
  onOpen: () => void;
  /** the preview shown, and whether it is a photo kept from before the sign-in detour */
  preview: string | null;
  kept: boolean;
  /** a crown photo chosen before the detour could not be kept */
  lost: boolean;
  hasCrown: boolean;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}

/** The optional crown photo: opens on demand, so the page has one file input until the user asks for the second. */
export function CrownPicker({ open, onOpen, preview, kept, lost, hasCrown, onChoose, onRemove }: CrownPickerProps) {
  const inputId = useId();
  const howToId = `${inputId}-how`;
  return (
    <div className="mt-4 flex flex-col items-center gap-2 text-center" data-testid="crown-picker">
      {preview && (
        <img
          src={preview}
          alt={kept ? CROWN_TEXTS.keptAlt : CROWN_TEXTS.alt}
          className="max-h-32 rounded-xl object-contain"
        />
      )}
      {kept && <p className="text-sm text-accent-teal">{CROWN_TEXTS.kept}</p>}
      {lost && (
        <p role="status" className="text-sm text-red-300">
          {CROWN_TEXTS.lost}
        </p>
      )}
      {!open ? (
        <Button variant="ghost" className="border border-white/15" aria-describedby={howToId} onClick={onOpen}>
          {CROWN_TEXTS.add}
        </Button>
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          <label
            htmlFor={inputId}
            className="cursor-pointer rounded-xl border border-white/20 px-4 py-2 text-sm font-semibold text-zinc-200 hover:bg-white/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-teal"
          >
            {hasCrown ? CROWN_TEXTS.change : CROWN_TEXTS.choose}
            <input
              id={inputId}
              type="file"
              accept={ACCEPT_ATTRIBUTE}
              className="sr-only"
              aria-describedby={howToId}
              onChange={(e) => {
                onChoose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            {hasCrown ? CROWN_TEXTS.remove : 'Cancel'}
          </Button>
        </div>
      )}
      <p id={howToId} className="text-xs text-zinc-400">
        {CROWN_TEXTS.howTo}
      </p>
    </div>
  );
}
