import { SAME_PERSON_FIT, SAME_PERSON_MAX_DISTANCE } from '#shared/face-identity.ts';

type Props = { className: string; headingClass: string; textClass: string };

const n = (v: number) => v.toLocaleString('en-GB');

/** /accuracy: how a new rating is told to be of the same person as the earlier ones, and how well that was measured. */
export function IdentitySection({ className, headingClass, textClass }: Props) {
  const f = SAME_PERSON_FIT;
  return (
    <section aria-labelledby="identity-heading" className={className} data-testid="identity-section">
      <h2 id="identity-heading" className={headingClass}>
        Progress only with yourself
      </h2>
      <p className={textClass}>
        Progress (&ldquo;+4 since&hellip;&rdquo;, &ldquo;taken like last time&rdquo;, &ldquo;the change is real&rdquo;)
        is shown only between photos of the same person. With progress tracking on, a face seen from the front is turned
        into a face print (numbers, not the photo), and two prints at most {SAME_PERSON_MAX_DISTANCE} apart are taken as
        one person; a photo that does not match asks &ldquo;Is this you?&rdquo; instead of counting.
      </p>
      <p className={textClass}>
        Measured on {f.portraits} labelled portraits, one per person: of {n(f.differentPairs)} pairs of different
        people, {f.differentTakenAsSame} were taken as one person ({f.outOfFoldTakenAsSame} of {n(f.outOfFoldPairs)}{' '}
        with the threshold chosen on other portraits), and {n(f.changedCopiesKept)} of {n(f.changedCopies)} copies of a
        portrait changed as phones and apps change a photo (smaller, recompressed, lighter, darker, mirrored, turned,
        cropped) were taken as the same person. The closest strangers were {f.closestStrangers} apart, the farthest copy{' '}
        {f.farthestCopy}. Not measured, for want of such photos: two photos of one person taken on different days, and
        relatives.
      </p>
    </section>
  );
}
