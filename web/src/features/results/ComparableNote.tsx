/**
 * Whether this rating was taken like the one it is compared with, said plainly: comparable (the change is real), or
 * which conditions differed, with the guided retake offered.
 */
import { Link } from 'react-router-dom';
import { COMPARABLE_SENTENCE, RETAKE_LABEL, incomparableSentence } from '#shared/comparable.ts';
import type { Progress } from '#shared/schemas.ts';
import type { ViewKind } from '#shared/view-kinds.ts';
import { retakeHref } from '#web/lib/retake-link.ts';

/** `kind`: this rating's kind of photo (shared/view-kinds.ts): the retake takes the same kind */
export function ComparableNote({ progress, kind }: { progress: Progress; kind: ViewKind }) {
  if (progress.comparable === true) {
    return (
      <p data-testid="progress-comparable" className="mt-2 text-sm">
        {COMPARABLE_SENTENCE}
      </p>
    );
  }
  if (progress.comparable !== false) return null;
  return (
    <div
      data-testid="progress-incomparable"
      className="w-full rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-left text-sm text-amber-100"
    >
      <p>{incomparableSentence(progress.differences ?? [])}</p>
      <Link
        to={retakeHref(kind === 'crown' ? 'crown' : 'face')}
        className="mt-2 inline-block font-semibold text-accent-teal underline underline-offset-2"
      >
        {RETAKE_LABEL}
      </Link>
    </div>
  );
}
