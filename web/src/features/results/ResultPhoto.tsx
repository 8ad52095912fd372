import { useState } from 'react';
import type { PhotoView } from '#shared/schemas.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { OVERLAY_COLOURS, OVERLAY_LEGEND, RESULT_PHOTO_TEXTS as T, type LegendMark } from './overlay-legend.ts';

/** A small drawing of each overlay mark, in the overlay's own colours and strokes. */
function LegendSwatch({ mark }: { mark: LegendMark }) {
  const { hairline, marker, zone, hairMask } = OVERLAY_COLOURS;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 12" className="h-3 w-6 shrink-0">
      {mark === 'line' && (
        <polyline
          points="1,9 7,5 12,7 17,5 23,9"
          fill="none"
          stroke={hairline}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      )}
      {mark === 'circle' && <circle cx="12" cy="6" r="4" fill="none" stroke={marker} strokeWidth="2" />}
      {mark === 'ruler' && (
        <>
          <line x1="12" y1="1" x2="12" y2="11" stroke={marker} strokeWidth="2" />
          <line x1="8" y1="11" x2="16" y2="11" stroke={marker} strokeWidth="2" />
        </>
      )}
      {mark === 'dashed-area' && (
        <rect
          x="2"
          y="2"
          width="20"
          height="8"
          fill={zone}
          fillOpacity="0.15"
          stroke={zone}
          strokeWidth="1.5"
          strokeDasharray="3 2"
        />
      )}
      {mark === 'mask-outline' && <path d="M2 10 C6 2, 18 2, 22 10" fill="none" stroke={hairMask} strokeWidth="1.5" />}
      {mark === 'dashed-ellipse' && (
        <ellipse cx="12" cy="6" rx="10" ry="5" fill="none" stroke={zone} strokeWidth="1.5" strokeDasharray="3 2" />
      )}
    </svg>
  );
}

/** The analysed photo, or the engine's overlay on it with a legend of what was drawn (`view`: absent on old ratings). */
export function ResultPhoto({
  imageBase64,
  overlayBase64,
  view,
}: {
  imageBase64: string;
  overlayBase64?: string;
  view?: PhotoView;
}) {
  const [showOverlay, setShowOverlay] = useState(true);
  const overlayShown = showOverlay && !!overlayBase64;
  const src = `data:image/jpeg;base64,${overlayShown ? overlayBase64 : imageBase64}`;
  const legend = view ? OVERLAY_LEGEND[view] : null;
  return (
    <figure className="flex flex-col items-center gap-3">
      <img
        src={src}
        alt={overlayShown ? (view === 'top' ? T.topOverlayAlt : T.overlayAlt) : T.originalAlt}
        className="max-h-80 w-auto rounded-xl border border-white/10 object-contain"
        data-testid="result-photo"
      />
      <figcaption className="flex flex-col items-center gap-2 text-xs text-zinc-400">
        {!overlayShown ? (
          T.originalCaption
        ) : legend ? (
          <ul aria-label={T.legendLabel} data-testid="overlay-legend" className="space-y-1 text-left text-zinc-300">
            {legend.map((item) => (
              <li key={item.mark} className="flex items-center gap-2">
                <LegendSwatch mark={item.mark} />
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        ) : (
          T.legacyCaption
        )}
        {overlayBase64 && (
          <Button size="sm" variant="ghost" aria-pressed={showOverlay} onClick={() => setShowOverlay((v) => !v)}>
            {showOverlay ? T.showOriginal : T.showOverlay}
          </Button>
        )}
      </figcaption>
    </figure>
  );
}
