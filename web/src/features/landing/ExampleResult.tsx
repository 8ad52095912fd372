import { OVERLAY_COLOURS } from '#shared/hairline.ts';
import { ratingForScore } from '#shared/scoring.ts';
import { cn } from '#web/components/ui/cn.ts';
import { CheckList, DISTINGUISHING_FEATURES } from '#web/features/pricing/index.ts';
import { NORWOOD_DESCRIPTIONS, scoreToneClasses } from '#web/features/results/index.ts';

/** The example's figures: a typical mature hairline (no person's photo: the head below is drawn here). */
const EXAMPLE = { score: 68, stage: 2 } as const;

/** the drawn head's hairline, left sideburn to right sideburn; the temple corners are its highest points */
const HAIRLINE = [
  [66, 138],
  [74, 110],
  [86, 97],
  [104, 103],
  [120, 106],
  [136, 103],
  [154, 97],
  [166, 110],
  [174, 138],
] as const;
const TEMPLES = [HAIRLINE[2], HAIRLINE[6]] as const;
const BROW_Y = 148;
const points = HAIRLINE.map(([x, y]) => `${x},${y}`).join(' ');

/** A head drawn in SVG with the result's overlay marks (the same colours as a real overlay), then its figures. */
function DrawnOverlay() {
  return (
    <svg viewBox="0 0 240 280" aria-hidden="true" className="h-auto w-full max-w-64 rounded-2xl">
      <defs>
        <linearGradient id="example-bg" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#4b5563" />
          <stop offset="1" stopColor="#1f2937" />
        </linearGradient>
      </defs>
      <rect width="240" height="280" fill="url(#example-bg)" />
      <path d="M30 280 Q40 228 120 222 Q200 228 210 280 Z" fill="#334155" />
      <rect x="100" y="206" width="40" height="30" fill="#c99474" />
      <ellipse cx="120" cy="150" rx="60" ry="78" fill="#d8a585" />
      <path d={`M56 150 Q52 56 120 48 Q188 56 184 150 L${points.split(' ').reverse().join(' L')} Z`} fill="#2b1d14" />
      <path d="M92 147 h16 M132 147 h16" stroke="#3a2a20" strokeWidth="4" strokeLinecap="round" />
      <ellipse cx="100" cy="160" rx="7" ry="4" fill="#3a2a20" />
      <ellipse cx="140" cy="160" rx="7" ry="4" fill="#3a2a20" />
      <path d="M120 162 L114 186 h12" stroke="#b07a5c" strokeWidth="2.5" fill="none" strokeLinejoin="round" />
      <path d="M104 202 Q120 210 136 202" stroke="#a0524a" strokeWidth="4" fill="none" strokeLinecap="round" />
      {/* the overlay: the zone behind the hairline, the traced hairline, the temple corners, the forehead ruler */}
      <path
        d={`M${points.split(' ').join(' L')} L174 118 Q120 60 66 118 Z`}
        fill={OVERLAY_COLOURS.zone}
        fillOpacity="0.15"
        stroke={OVERLAY_COLOURS.zone}
        strokeDasharray="4 3"
        strokeWidth="1.5"
      />
      <polyline points={points} fill="none" stroke={OVERLAY_COLOURS.hairline} strokeWidth="3" strokeLinejoin="round" />
      {TEMPLES.map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="6" fill="none" stroke={OVERLAY_COLOURS.marker} strokeWidth="2.5" />
      ))}
      <path
        d={`M120 ${BROW_Y} V${HAIRLINE[4][1]} M114 ${BROW_Y} h12 M114 ${HAIRLINE[4][1]} h12`}
        stroke={OVERLAY_COLOURS.marker}
        strokeWidth="2"
      />
    </svg>
  );
}

/** An example result to look at before paying: score, label, Norwood stage and the overlay, on a drawn head. */
export function ExampleResult() {
  const label = ratingForScore(EXAMPLE.score);
  return (
    <section aria-labelledby="example-heading" className="px-4 py-14">
      <h2 id="example-heading" className="text-center text-3xl font-black">
        What a result looks like
      </h2>
      <p className="mt-2 text-center text-zinc-400">
        An example, drawn by us: your own photo takes the head&apos;s place.
      </p>
      <div className="mx-auto mt-8 grid max-w-5xl items-center gap-8 md:grid-cols-2">
        <figure
          data-testid="example-result"
          className="flex flex-col items-center gap-5 rounded-3xl border border-white/10 bg-ink-900/70 p-6 sm:flex-row"
        >
          <DrawnOverlay />
          <figcaption className="flex flex-col items-center gap-2 text-center sm:items-start sm:text-left">
            <span
              className={cn(
                'inline-flex size-24 flex-col items-center justify-center rounded-full bg-gradient-to-br text-3xl font-black',
                scoreToneClasses(EXAMPLE.score),
              )}
            >
              {EXAMPLE.score}
              <span className="text-xs font-bold opacity-80">/ 100</span>
            </span>
            <span className="text-xl font-black">{label}</span>
            <span className="font-semibold text-accent-teal">Norwood stage {EXAMPLE.stage}</span>
            <span className="text-sm text-zinc-400">{NORWOOD_DESCRIPTIONS[EXAMPLE.stage]}</span>
            <span className="text-xs text-zinc-400">
              <span style={{ color: OVERLAY_COLOURS.hairline }}>Red</span>: your hairline as traced.{' '}
              <span style={{ color: OVERLAY_COLOURS.marker }}>Yellow</span>: temple corners and forehead height.
            </span>
          </figcaption>
        </figure>
        <div>
          <h3 className="text-lg font-bold">What sets it apart</h3>
          <CheckList items={DISTINGUISHING_FEATURES} className="mt-3 space-y-2" testId="distinguishing-features" />
        </div>
      </div>
    </section>
  );
}
