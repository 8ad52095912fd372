/**
 * What the domain reports as it works, for counting: the Lambdas turn each event into CloudWatch metrics
 * (lambdas/metrics.ts), tests collect them. Injected as `events` in the domain's deps; without it nothing is reported,
 * so the domain's logic never depends on where the counts go.
 */
import type { PhotoView } from '#shared/schemas.ts';

export type DomainEvent =
  /** a rating was stored (its credit is spent) */
  | { type: 'analysis-completed'; view: PhotoView }
  /** the engine or the pixel guard refused the photo; `reason` is the refusal's code (`too_dark`, …) */
  | { type: 'analysis-refused'; reason: string }
  /** a credit was taken for an analysis about to run */
  | { type: 'credit-reserved' }
  /** a reserved credit went back: the photo was refused or the analysis failed */
  | { type: 'credit-refunded'; reason: 'refused' | 'failed' }
  /** a reservation whose invocation died expired and its credit went back (lazily, on the user's next request) */
  | { type: 'credit-expired' }
  /** fulfil handled a paid Checkout Session; `credits` were added by this call (0 unless credited) */
  | { type: 'payment-fulfilled'; outcome: PaymentOutcome; credits: number };

/** what fulfil did with a paid session (fulfil.ts FulfilOutcome) */
export type PaymentOutcome = 'credited' | 'already-credited' | 'account-deleted' | 'unrecognised';

export type ReportEvent = (event: DomainEvent) => void;

export const reportNothing: ReportEvent = () => {};
