import {
  AGE_SOURCES,
  ESTIMATE_SD,
  HAIRLINE_AGE_BANDS,
  NORWOOD_II_SHARE,
  NORWOOD_III_ANCHORS,
  NORWOOD_VII_SHARE,
  REFERENCE_POPULATION_NOTE,
  typicalAge,
  typicalAgeText,
  YEARS_PER_STAGE,
  YEARS_UNTIL_BALD_BANDS,
  YEARS_UNTIL_BALD_MEANING,
  yearsToAdvanced,
} from '#shared/hairline-age.ts';
import { Card } from '#web/components/ui/Card.tsx';

const STAGES = [1, 2, 3, 4, 5, 6, 7];
const CELL = 'px-3 py-2.5 sm:px-5';
const pct = (share: number) => `${Math.round(share * 100)} %`;

const AGE_WORDS = HAIRLINE_AGE_BANDS.map((b) => (Number.isFinite(b.below) ? `${b.word} under ${b.below}` : b.word));
const YEARS_WORDS = YEARS_UNTIL_BALD_BANDS.map((b) =>
  Number.isFinite(b.atLeast) ? `${b.word} from ${b.atLeast} years` : b.word,
);
const III_FIGURES = NORWOOD_III_ANCHORS.map((a) => a.note).join(', ');
const PACE = Math.round(YEARS_PER_STAGE * 10) / 10;

type Props = { className: string; headingClass: string; textClass: string };

/** /accuracy: where "Hairline age" and "Years until bald" come from, computed from the table the result uses. */
export function HairlineAgeSection({ className, headingClass, textClass }: Props) {
  return (
    <section aria-labelledby="age-heading" className={className}>
      <h2 id="age-heading" className={headingClass}>
        Hairline age and years until bald
      </h2>
      <p className={textClass}>
        Hairline age is the age at which a typical man has a hairline like yours: the age at which half of men have more
        hair loss. It comes from your estimated Norwood stage and published figures on how common each stage is among
        men of each age, never from your face. An estimate is never exact, so the age is averaged over the estimates
        near yours (a spread of {ESTIMATE_SD} of a stage, about how far the estimates lie from the photos&apos; labels):
        nearly every adult man has a Norwood 2 hairline and half reach 3 only by about 50, and without that average a
        hairline between the two would jump by decades. No half stage moves it by more than 10 years. If you add your
        birth year to your profile, later results also say where you stand among men of your age.
      </p>
      <p className={textClass} data-testid="turned-photos">
        A face photo saved on its side, as phones sometimes store one, is turned upright before it is measured and reads
        the hairline age of the upright photo (the dev portraits turned by a quarter: 3 years apart at most). A photo of
        the top of the head has no up: turned by a quarter its estimate can move, and the age with it (on dev photos
        from above the fit never saw, 90 % within 5 years, 18 at most). An upside-down face photo is not recognised as
        one: take it upright.
      </p>
      <p className={textClass} data-testid="years-until-bald-meaning">
        Years until bald: {YEARS_UNTIL_BALD_MEANING} It is the same figure for everyone with the same hairline, which is
        why the score is not a prediction of your future hair loss.
      </p>
      <Card className="mt-5 overflow-x-auto p-0">
        <table className="w-full text-left text-sm" data-testid="hairline-age-table">
          <thead className="text-zinc-400">
            <tr className="border-b border-white/10">
              <th scope="col" className={`${CELL} font-semibold`}>
                Norwood stage
              </th>
              <th scope="col" className={`${CELL} text-right font-semibold`}>
                Typical age
              </th>
              <th scope="col" className={`${CELL} text-right font-semibold`}>
                Typical years to stage 6
              </th>
            </tr>
          </thead>
          <tbody>
            {STAGES.map((s) => (
              <tr key={s} className="border-b border-white/5 last:border-0">
                <th scope="row" className={`${CELL} font-normal text-zinc-200`}>
                  {s}
                </th>
                <td className={`${CELL} text-right tabular-nums`}>{typicalAgeText(typicalAge(s))}</td>
                <td className={`${CELL} text-right tabular-nums`}>{Math.round(yearsToAdvanced(s))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <p className={textClass}>
        Hairline age: {AGE_WORDS.join(', ')}. Years until bald: {YEARS_WORDS.join(', ')}.
      </p>
      <p className={textClass}>
        Sources: {pct(NORWOOD_II_SHARE)} of adult men have at least the mature hairline, Norwood 2 (
        {AGE_SOURCES.hamilton1951}). Men with Norwood 3 or more: {III_FIGURES} ({AGE_SOURCES.rhodes1998}{' '}
        {AGE_SOURCES.bmjBestPractice}). Later stages follow the same curve {PACE} years later per stage, which puts half
        of men at Norwood 6 or more by 70; a guideline reports 50-60 % ({AGE_SOURCES.blumePeytavi2011}). Norwood 7 stays
        a fixed share of the men at 6 or more, which puts it at {NORWOOD_VII_SHARE * 100} % of adult men over the ages
        18-85 ({AGE_SOURCES.rassman}); surveys found 6, not 7, the most common type over 70 ({AGE_SOURCES.paik2001}).
        Norwood&apos;s own table by age ({AGE_SOURCES.norwood1975}) will replace these figures once it has been checked.
      </p>
      <p className={textClass} data-testid="reference-population">
        {REFERENCE_POPULATION_NOTE} ({AGE_SOURCES.paik2001} {AGE_SOURCES.wang2010})
      </p>
    </section>
  );
}
