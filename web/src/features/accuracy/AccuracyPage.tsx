import { Link } from 'react-router-dom';
import { Card } from '#web/components/ui/Card.tsx';
import { Disclosure } from '#web/components/ui/Disclosure.tsx';
import { Figure } from './Figure.tsx';
import { HairlineAgeSection } from './HairlineAgeSection.tsx';
import { ACCURACY, formatMeasuredOn, formatPoints, unseenSummary } from './figures.ts';
import { KNOWN_LIMITS } from './known-limits.ts';
import { SetFigures } from './SetFigures.tsx';
import { ScoreMapSection } from './ScoreMapSection.tsx';
import { VerdictSection } from './VerdictSection.tsx';
import { WordsSection } from './WordsSection.tsx';
import { IdentitySection } from './IdentitySection.tsx';

const SECTION = 'mt-8';
const HEADING = 'text-2xl font-black';
const TEXT = 'mt-3 leading-relaxed text-zinc-300';

function Stability() {
  if (ACCURACY.stability.length === 0) return null;
  return (
    <section aria-labelledby="stability-heading" className={SECTION}>
      <h2 id="stability-heading" className={HEADING}>
        Same photo, small changes
      </h2>
      <p className={TEXT}>
        A score should not move when nothing about the hairline changes. Each photo was scored again after the change
        below; the figure is the median change of the score, in points out of 100.
      </p>
      <Card className="mt-5 overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <thead className="text-zinc-400">
            <tr className="border-b border-white/10">
              <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">
                Change
              </th>
              <th scope="col" className="px-3 py-3 sm:px-5 text-right font-semibold">
                Median change
              </th>
              <th scope="col" className="px-3 py-3 sm:px-5 text-right font-semibold">
                Photos
              </th>
            </tr>
          </thead>
          <tbody>
            {ACCURACY.stability.map((row, i) => (
              <tr key={row.transform} className="border-b border-white/5 last:border-0">
                <th scope="row" className="px-3 py-2.5 sm:px-5 font-normal text-zinc-200">
                  {row.transform}
                </th>
                <td className="px-3 py-2.5 sm:px-5 text-right font-semibold tabular-nums">
                  <Figure value={row.medianChange} name={`stability.${i}.medianChange`} format={formatPoints} />
                </td>
                <td className="px-3 py-2.5 sm:px-5 text-right tabular-nums text-zinc-300">
                  <Figure value={row.photos} name={`stability.${i}.photos`} format={String} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}

/** The page's first screen: how often the score orders two photos right, on photos it never saw, and its limits. */
function PlainSummary() {
  const unseen = unseenSummary();
  return (
    <section aria-labelledby="summary-heading" className="mt-8" data-testid="accuracy-summary">
      <h2 id="summary-heading" className="sr-only">
        In short
      </h2>
      <Card>
        <p className="text-xl font-bold leading-snug sm:text-2xl">
          On photos it never saw, it put{' '}
          <span className="text-accent-teal" data-summary="pairs-of-ten">
            {unseen.pairsOfTen} of 10
          </span>{' '}
          pairs in the right order.
        </p>
        <p className="mt-2 text-zinc-300">
          Take two photos with different stages of hair loss: the one with more loss got the lower score{' '}
          {unseen.pairsOfTen} times out of 10. Measured on {unseen.photos} photos from {unseen.sets} sets the analysis
          was never tuned on.
        </p>
      </Card>
      <h3 className="mt-6 text-lg font-bold">What it does not read well yet</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-zinc-300" data-testid="known-limits">
        {KNOWN_LIMITS.map((limit) => (
          <li key={limit}>{limit}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `open`: the sections shown open ('all', or one section's place); the others render only their title until opened,
 * so the prerendered page carries the summary, not the tables (AccuracyRoute opens a section on demand).
 */
export default function AccuracyPage({ open }: { open?: 'all' | number } = {}) {
  const isOpen = (section: number) => open === 'all' || open === section;
  return (
    <article className="mx-auto max-w-4xl px-4 py-14">
      <h1 className="text-4xl font-black">How accurate is it?</h1>
      <p className="mt-4 text-lg text-zinc-300">
        Hairline Rater scores a photo from 0 to 100: the higher the score, the fuller the hairline looks. Here is how
        well that score follows the stage of hair loss on photos whose stage is known, measured by the project&apos;s
        own evaluation.
      </p>

      <PlainSummary />

      <section aria-labelledby="what-heading" className={SECTION}>
        <h2 id="what-heading" className={HEADING}>
          What the score is, and what it is not
        </h2>
        <div className="mt-5 grid gap-5 md:grid-cols-2">
          <Card>
            <h3 className="text-lg font-bold">It is</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-zinc-300">
              <li>
                A measurement of the photo: how much of the hairline and the top of the head looks like hair rather than
                skin.
              </li>
              <li>Consistent: the same photo gets the same score.</li>
              <li>For entertainment: a fun way to compare hairlines with your friends.</li>
            </ul>
          </Card>
          <Card>
            <h3 className="text-lg font-bold">It is not</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-zinc-300">
              <li>Medical advice or a diagnosis. Ask a doctor or dermatologist about hair loss.</li>
              <li>
                A prediction of your future hair loss: &ldquo;Years until bald&rdquo; is the typical pace of men in
                general (see{' '}
                <a href="#age-heading" className="text-accent-teal underline">
                  hairline age
                </a>
                ).
              </li>
              <li>Independent of the photo: lighting, angle, distance and hairstyle change it.</li>
            </ul>
          </Card>
        </div>
      </section>

      <Disclosure
        lazy
        defaultOpen={isOpen(0)}
        className="mt-6 bg-ink-900/40"
        title="The figures for each set of photos"
      >
        <section aria-labelledby="sets-heading" className={SECTION}>
          <h2 id="sets-heading" className={HEADING}>
            Measured on labelled photos
          </h2>
          <p className={TEXT}>
            Each set holds real photos labelled with a hair-loss stage. A rank correlation of −1 would mean the score
            drops with every step up in stage; 0 would mean no relation at all. A photo is refused when no usable
            hairline can be found in it. Every figure here is held out: no photo is scored by a model that was fitted on
            it or on a copy of it (a mirrored, turned or brightened version of the same photo), because a model always
            looks better on the photos it learnt from.
          </p>
          <div className="mt-5 space-y-6">
            {ACCURACY.sets.map((set, i) => (
              <SetFigures key={set.id} set={set} index={i} />
            ))}
          </div>
        </section>
      </Disclosure>

      <Disclosure lazy defaultOpen={isOpen(1)} className="mt-6 bg-ink-900/40" title="Same photo, small changes">
        <Stability />
      </Disclosure>

      <Disclosure lazy defaultOpen={isOpen(2)} className="mt-6 bg-ink-900/40" title="How sure are the labels?">
        <section aria-labelledby="experts-heading" className={SECTION}>
          <h2 id="experts-heading" className={HEADING}>
            How sure are the labels?
          </h2>
          <p className={TEXT}>
            Not very, and that holds for experts too. When dermatologists stage the same people&apos;s hair loss on the
            Hamilton-Norwood scale, they agree only moderately: the intraclass correlation between them was 0.63-0.68
            (Guarrera M et al., Reliability of Hamilton-Norwood classification, International Journal of Trichology,
            2009). That is a different statistic from the rank correlation above, so the two cannot be compared number
            for number, but it shows that a stage is a coarse, partly subjective label, and no score can follow it
            exactly.
          </p>
        </section>
      </Disclosure>

      <Disclosure
        lazy
        defaultOpen={isOpen(3)}
        className="mt-6 bg-ink-900/40"
        title="What each label means: a bald head scores 30 or less"
      >
        <ScoreMapSection className={SECTION} headingClass={HEADING} textClass={TEXT} />
      </Disclosure>

      <Disclosure
        lazy
        defaultOpen={isOpen(4)}
        className="mt-6 bg-ink-900/40"
        title="Mature or receding: how the verdict is made"
      >
        <VerdictSection className={SECTION} headingClass={HEADING} textClass={TEXT} />
      </Disclosure>

      <Disclosure lazy defaultOpen={isOpen(5)} className="mt-6 bg-ink-900/40" title="Hairline age and years until bald">
        <HairlineAgeSection className={SECTION} headingClass={HEADING} textClass={TEXT} />
      </Disclosure>

      <Disclosure lazy defaultOpen={isOpen(6)} className="mt-6 bg-ink-900/40" title="How the words of a result agree">
        <WordsSection className={SECTION} headingClass={HEADING} textClass={TEXT} />
      </Disclosure>

      <Disclosure lazy defaultOpen={isOpen(7)} className="mt-6 bg-ink-900/40" title="Progress only with yourself">
        <IdentitySection className={SECTION} headingClass={HEADING} textClass={TEXT} />
      </Disclosure>

      <section aria-labelledby="when-heading" className={SECTION}>
        <h2 id="when-heading" className={HEADING}>
          When these figures were measured
        </h2>
        <p className={TEXT}>
          On{' '}
          <time dateTime={ACCURACY.measuredOn} data-figure="measuredOn">
            {formatMeasuredOn(ACCURACY.measuredOn)}
          </time>
          , with code version{' '}
          <code className="font-mono text-accent-teal" data-figure="codeVersion">
            {ACCURACY.codeVersion}
          </code>
          . Every measured figure on this page comes from the evaluation&apos;s output file and is published again
          whenever the analysis changes. See also our{' '}
          <Link to="/terms" className="text-accent-teal underline">
            Terms of Service
          </Link>
          .
        </p>
      </section>
    </article>
  );
}
