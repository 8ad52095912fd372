import { HAIRLINE_VERDICTS, VERDICT_FIT, type VerdictMeasure } from '#shared/hairline-words.ts';
import { Card } from '#web/components/ui/Card.tsx';

const CELL = 'px-3 py-2.5 sm:px-5';
const pct = (share: number) => `${Math.round(share * 100)} %`;
const MEASURE: Record<VerdictMeasure, (t: number) => string> = {
  templeRecession: (t) => `temple corners ${t.toFixed(2)} face units or more above the midline hairline`,
  templeBareShare: (t) => `bare skin on ${Math.round(100 * t)} % or more of the temple corners`,
  hairlineHeightRatio: (t) => `midline hairline ${t.toFixed(2)} face units or more above the brows`,
  stageEstimate: (t) => `estimated Norwood stage ${t.toFixed(1)} or more`,
};
const LEVELS = ['1 full hairline', '2 temple recession', '3 advanced frontal loss', '4 bald on top'];

type Props = { className: string; headingClass: string; textClass: string };

/** /accuracy: how the result's "Mature hairline or receding?" verdict is decided, and how often it matched the labels. */
export function VerdictSection({ className, headingClass, textClass }: Props) {
  const { boundaries, heldOut, fittedOn, heldOutBy } = VERDICT_FIT;
  return (
    <section aria-labelledby="verdict-heading" className={className}>
      <h2 id="verdict-heading" className={headingClass}>
        Mature or receding?
      </h2>
      <p className={textClass}>
        Every result says one of {HAIRLINE_VERDICTS.map((v) => `“${v}”`).join(', ')}, with the measurement that decided
        it. A verdict moves up one step at each threshold below. The thresholds were fitted on the labelled portraits (
        {fittedOn}), and the agreement is held out: {heldOutBy}, so no photo was judged by thresholds fitted on it.
      </p>
      <Card className="mt-5 overflow-x-auto p-0">
        <table className="w-full text-left text-sm" data-testid="verdict-thresholds">
          <thead className="text-zinc-400">
            <tr className="border-b border-white/10">
              <th scope="col" className={`${CELL} font-semibold`}>
                From
              </th>
              <th scope="col" className={`${CELL} font-semibold`}>
                To
              </th>
              <th scope="col" className={`${CELL} font-semibold`}>
                When
              </th>
            </tr>
          </thead>
          <tbody>
            {boundaries.map((b) => (
              <tr key={b.below} className="border-b border-white/5 last:border-0">
                <td className={CELL}>{HAIRLINE_VERDICTS[b.below]}</td>
                <td className={CELL}>{HAIRLINE_VERDICTS[b.below + 1]}</td>
                <td className={CELL}>{MEASURE[b.measure](b.threshold)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className={textClass} data-testid="verdict-agreement">
        On {heldOut.n} portraits labelled {LEVELS.join(', ')}, the verdict matched the label for{' '}
        {pct(heldOut.agreement)} of them and was at most one step off for {pct(heldOut.withinOne)} (giving everyone the
        most common label would match {pct(heldOut.baseline)}). By label:{' '}
        {heldOut.byLabel.map((l) => `level ${l.label}, ${pct(l.agreement)} of ${l.n}`).join('; ')}. Where a photo does
        not show the temples or the midline (a bowed head or a crown), the estimated Norwood stage alone decides; beside
        a crown photo, the face photo&rsquo;s own estimate does, since a thinner crown does not move the hairline. A
        verdict never contradicts the score beside it: where the outline alone would (a full-looking temple corner on a
        head scored Cooked), it moves to the nearest verdict that agrees, and its reason gives the Norwood estimate.
      </p>
    </section>
  );
}
