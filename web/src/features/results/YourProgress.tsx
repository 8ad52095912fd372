import { ROUTE } from '#shared/routes.ts';
import { useContext, useState } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import type { AnalysisResult } from '#shared/schemas.ts';
import { viewKindOf } from '#shared/view-kinds.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { answerIdentity } from './answer-identity.ts';
import { IDENTITY_TEXTS } from './identity-texts.ts';
import { ProgressSummary } from './ProgressSummary.tsx';
import { saveLastResult } from './result-storage.ts';

const NOTE = 'w-full rounded-xl border border-white/15 bg-white/5 p-3 text-left text-sm text-zinc-300';

/**
 * The change since the user's previous analysis, only when this photo is theirs: a rating still asking asks "Is this
 * you?", someone else's says it is kept out of their progress (the owner can still say it is them). `onAnswered` gets
 * the rating as the server now has it (with its progress).
 */
export function YourProgress({
  result,
  onAnswered,
}: {
  result: AnalysisResult;
  onAnswered: (answered: AnalysisResult) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [answeredYes, setAnsweredYes] = useState(false);
  // absent where the result is shown alone (its tests): nothing else then reads the ratings
  const queryClient = useContext(QueryClientContext);
  const answer = async (isYou: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      const answered = await answerIdentity(result.id, isYou);
      saveLastResult(answered);
      // the history's list and chart, and this rating's page, read it again
      await queryClient?.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(ROUTE.listRatings.path),
      });
      setAnsweredYes(isYou);
      onAnswered(answered);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const error = failed && (
    <p role="alert" className="mt-2 text-red-300">
      {IDENTITY_TEXTS.failed}
    </p>
  );

  if (result.identity === 'unconfirmed') {
    return (
      <div className={NOTE} data-testid="identity-question">
        <p className="font-bold text-white">{IDENTITY_TEXTS.question}</p>
        <p className="mt-1">{IDENTITY_TEXTS.why}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => void answer(true)}>
            {IDENTITY_TEXTS.yes}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void answer(false)}>
            {IDENTITY_TEXTS.no}
          </Button>
        </div>
        {error}
      </div>
    );
  }
  if (result.identity === 'someone-else') {
    return (
      <div className={NOTE} data-testid="identity-someone-else">
        <p>{result.identityBy === 'face' ? IDENTITY_TEXTS.faceDiffers : IDENTITY_TEXTS.someoneElse}</p>
        <Button size="sm" variant="ghost" className="mt-2" disabled={busy} onClick={() => void answer(true)}>
          {IDENTITY_TEXTS.itIsMe}
        </Button>
        {error}
      </div>
    );
  }
  if (result.progress) {
    const { view } = result.measurements;
    return <ProgressSummary progress={result.progress} {...(view ? { view } : {})} kind={viewKindOf(result)} />;
  }
  return answeredYes ? (
    <p className={NOTE} data-testid="identity-first">
      {IDENTITY_TEXTS.firstOfYours}
    </p>
  ) : null;
}
