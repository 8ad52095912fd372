import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '#web/components/ui/Button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { clearChallenge, readChallenge } from './challenge-storage.ts';
import { compareLink } from './share-links.ts';
import { useCreateShare, useSharedRating } from './use-share.ts';

export const COMPARE_TEXTS = {
  ownResult: 'That challenge is your own result',
  failed: 'Could not start the comparison. Please try again.',
} as const;

/** After a challenge (/?challenge=<id>), the visitor's own result offers "Compare with <name>". */
export function CompareWithChallengerButton({ ratingId }: { ratingId: string }) {
  const [challengeId] = useState(readChallenge);
  const challenger = useSharedRating(challengeId);
  const create = useCreateShare(ratingId);
  const navigate = useNavigate();
  if (!challengeId || !challenger.data) return null;
  const compare = async () => {
    try {
      const mine = await create.mutateAsync({});
      if (mine.shareId === challengeId) {
        toast({ title: COMPARE_TEXTS.ownResult });
        return;
      }
      // the challenge is answered: no more banner for it in this session
      clearChallenge();
      navigate(compareLink(challengeId, mine.shareId));
    } catch {
      toast({ title: COMPARE_TEXTS.failed, variant: 'destructive' });
    }
  };
  return (
    <Button size="sm" onClick={() => void compare()} disabled={create.isPending}>
      Compare with {challenger.data.displayName}
    </Button>
  );
}
