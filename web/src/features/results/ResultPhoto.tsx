import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';

export function ResultPhoto({ imageBase64, overlayBase64 }: { imageBase64: string; overlayBase64?: string }) {
  const [showOverlay, setShowOverlay] = useState(true);
  const overlayShown = showOverlay && !!overlayBase64;
  const src = `data:image/jpeg;base64,${overlayShown ? overlayBase64 : imageBase64}`;
  return (
    <figure className="flex flex-col items-center gap-3">
      <img
        src={src}
        alt={overlayShown ? 'Your photo with the detected hairline drawn on it' : 'Your analysed photo'}
        className="max-h-80 w-auto rounded-xl border border-white/10 object-contain"
        data-testid="result-photo"
      />
      <figcaption className="flex flex-col items-center gap-2 text-xs text-zinc-400">
        {overlayShown ? 'The line shows where the analysis found your hairline.' : 'The photo as analysed.'}
        {overlayBase64 && (
          <Button size="sm" variant="ghost" aria-pressed={showOverlay} onClick={() => setShowOverlay((v) => !v)}>
            {showOverlay ? 'Show original' : 'Show hairline overlay'}
          </Button>
        )}
      </figcaption>
    </figure>
  );
}
