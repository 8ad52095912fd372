/**
 * Last time's photo as a faint outline over the camera preview: the head, the face and the brows-and-nose line, where
 * they were in that photo. The SVG's viewBox is last photo's frame with `slice`, as the video's object-cover crops the
 * camera's frame, so both land alike. Decorative (the instruction under the preview says it in words).
 */
import type { CaptureConditions } from '#shared/schemas.ts';

type Ellipse = NonNullable<CaptureConditions['outline']['head']>;

export function RetakeOutline({ conditions }: { conditions: CaptureConditions }) {
  const { width, height, outline } = conditions;
  const shape = (e: Ellipse) => ({ cx: e.cx * width, cy: e.cy * height, rx: e.rx * width, ry: e.ry * height });
  const stroke = {
    fill: 'none',
    stroke: 'white',
    strokeOpacity: 0.55,
    strokeWidth: 2,
    vectorEffect: 'non-scaling-stroke',
  } as const;
  return (
    <svg
      aria-hidden="true"
      data-testid="retake-outline"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid slice"
      className="pointer-events-none absolute inset-0 h-full w-full"
    >
      {outline.head && <ellipse {...shape(outline.head)} {...stroke} strokeDasharray="8 6" />}
      {outline.face && <ellipse {...shape(outline.face)} {...stroke} />}
      {outline.features && outline.features.length === 3 && (
        <polyline
          points={[outline.features[0]!, outline.features[2]!, outline.features[1]!]
            .map((p) => `${p.x * width},${p.y * height}`)
            .join(' ')}
          {...stroke}
        />
      )}
    </svg>
  );
}
