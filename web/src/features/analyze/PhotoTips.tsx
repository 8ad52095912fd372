import { useId } from 'react';
import { PHOTO_TIPS } from './photo-tips.ts';

export function PhotoTips() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-white/10 bg-ink-950/40 p-4 text-sm text-zinc-300"
      data-testid="photo-tips"
    >
      <h3 id={headingId} className="font-semibold text-zinc-100">
        {PHOTO_TIPS.heading}
      </h3>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        {PHOTO_TIPS.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <p className="mt-2 text-zinc-400">{PHOTO_TIPS.crown}</p>
    </section>
  );
}
