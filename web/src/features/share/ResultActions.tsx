import { ChallengeButton } from './ChallengeButton.tsx';
import { CompareWithChallengerButton } from './CompareWithChallengerButton.tsx';
import { ShareDialog } from './ShareDialog.tsx';

/** The owner's actions on a result: share, challenge a friend, and compare with a pending challenger. */
export default function ResultActions({ ratingId }: { ratingId: string }) {
  return (
    <>
      <CompareWithChallengerButton ratingId={ratingId} />
      <ShareDialog ratingId={ratingId} />
      <ChallengeButton ratingId={ratingId} />
    </>
  );
}
