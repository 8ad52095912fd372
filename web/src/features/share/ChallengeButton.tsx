import { Button } from '#web/components/ui/Button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { challengeLink, copyText } from './share-links.ts';
import { useCreateShare } from './use-share.ts';

export const CHALLENGE_TEXTS = {
  button: 'Challenge a friend',
  copied: 'Challenge link copied',
  copiedDescription: 'Send it to a friend: they see your score and can try to beat it.',
  manual: 'Your challenge link',
  failed: 'Could not create the challenge link. Please try again.',
} as const;

/**
 * Makes sure the rating has a share link (an empty request creates one with the defaults, named and without the
 * photo, and leaves an existing link's options alone), then copies `/?challenge=<shareId>`.
 */
export function ChallengeButton({ ratingId }: { ratingId: string }) {
  const create = useCreateShare(ratingId);
  const challenge = async () => {
    try {
      const share = await create.mutateAsync({});
      const link = challengeLink(window.location.origin, share.shareId);
      if (await copyText(link))
        toast({ title: CHALLENGE_TEXTS.copied, description: CHALLENGE_TEXTS.copiedDescription, variant: 'success' });
      else toast({ title: CHALLENGE_TEXTS.manual, description: link });
    } catch {
      toast({ title: CHALLENGE_TEXTS.failed, variant: 'destructive' });
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void challenge()} disabled={create.isPending}>
      {CHALLENGE_TEXTS.button}
    </Button>
  );
}
