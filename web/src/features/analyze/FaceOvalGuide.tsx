/**
 * A face-sized oval over a 16:9 camera preview, the rest dimmed: a face that fills it is large enough to measure and
 * leaves room for the hairline and the top of the head. Decorative (the hint beside the video says it in words).
 */
const FRAME = { width: 160, height: 90 };
const OVAL = { cx: 80, cy: 46, rx: 26, ry: 37 };

const ovalPath = ({ cx, cy, rx, ry }: typeof OVAL) =>
  `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0Z`;

export function FaceOvalGuide() {
  return (
    <svg
      aria-hidden="true"
      data-testid="face-oval-guide"
      viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 h-full w-full"
    >
      <path
        d={`M0 0H${FRAME.width}V${FRAME.height}H0Z${ovalPath(OVAL)}`}
        fillRule="evenodd"
        fill="black"
        fillOpacity="0.4"
      />
      <ellipse
        {...OVAL}
        fill="none"
        stroke="white"
        strokeOpacity="0.9"
        strokeWidth="2"
        strokeDasharray="6 4"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
