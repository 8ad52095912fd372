import { verdictOfResult, type VerdictSource } from '#shared/hairline-words.ts';

/**
 * "Mature hairline or receding?" in words, with the one-line reason (thresholds: /accuracy, "Mature or receding"); the
 * same verdict the engine's consistency checker reads beside the score.
 */
export function HairlineVerdict({ result }: { result: VerdictSource }) {
  const { verdict, reason } = verdictOfResult(result);
  return (
    <p className="text-sm text-zinc-300" data-testid="hairline-verdict">
      <strong className="font-semibold text-zinc-100">{verdict}</strong>: {reason}
    </p>
  );
}
