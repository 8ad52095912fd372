import { HAIR_TO_THE_JAW } from '#shared/hairline.ts';
import { WORD_TOLERANCE } from '#shared/reading-words.ts';

type Props = { className: string; headingClass: string; textClass: string };

/**
 * /accuracy: how every word of a result is said from one reading and checked against the others (the engine's
 * score/reading.ts and score/consistency.ts; docs/analysis.md "One reading, said one way").
 */
export function WordsSection({ className, headingClass, textClass }: Props) {
  return (
    <section aria-labelledby="words-heading" className={className} data-testid="words-section">
      <h2 id="words-heading" className={headingClass}>
        One reading, said one way
      </h2>
      <p className={textClass}>
        Every word of a result (the label, the six metrics, the verdict, the hairline age, the commentary and the
        hairstyle suggestions) is said from one reading of the photo: its estimated Norwood stage and its measurements.
        A word read from a measurement moves to the nearest word that agrees with the score (within{' '}
        {WORD_TOLERANCE.withScore} points on the result&rsquo;s chart) and with the other words about the same thing
        (within {WORD_TOLERANCE.sameTopic}).
      </p>
      <ul className={`${textClass} list-disc space-y-1 pl-5`}>
        <li>
          A photo is spoken of as you took it: a hairline photo with the head bowed so far that the face is out of view
          is measured from above, like a crown photo, but it is still the hairline from above. Seen from above, the
          forehead and temples are out of view, so Recession and Forehead are read from the Norwood estimate.
        </li>
        <li>
          Each hairstyle suggestion gives its reason and is offered only where the reason holds: a fringe or length on
          top only where the top has hair, a reason about a thinner top only where the top is thinner, a reason about
          the hairline&rsquo;s shape only beside the verdict it agrees with. Where the hair falls to the jaw or further
          beside the face (about {HAIR_TO_THE_JAW} times the middle third of the face below the brows, on a photo from
          the front), the suggestions keep the length. The hair model sees how much hair there is, not whether it is
          straight or coiled, so no suggestion depends on texture.
        </li>
        <li>
          A checker reads each result as this site shows it and lists any two things it says that cannot both be true;
          the evaluation runs it on every labelled photo.
        </li>
      </ul>
    </section>
  );
}
