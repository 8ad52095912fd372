/**
 * The Lambdas' business metrics (Powertools Metrics: CloudWatch Embedded Metric Format, JSON lines in the function's
 * log that CloudWatch turns into metrics, no API call). One Metrics instance per process, namespace `HairlineRater`,
 * dimension `service`; what a request counted is written once, when the shared handler wrapper flushes it
 * (http/response.ts). Outside AWS the lines would only flood the output: the local gateway and the tests set
 * POWERTOOLS_METRICS_DISABLED, and POWERTOOLS_DEV (the local invoker) disables them too.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { DomainEvent, ReportEvent } from './domain/events.ts';

export const METRICS_NAMESPACE = 'HairlineRater';

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'hairline-rater' });

export type MetricName =
  | 'Analyses'
  | 'AnalysesRefused'
  | 'CreditsReserved'
  | 'CreditsRefunded'
  | 'CreditsExpired'
  | 'StripeFulfilments'
  | 'CreditsPurchased'
  | 'Responses4xx'
  | 'Responses5xx';

/** One count; its dimensions (besides `service`) split the metric, so they only take a few known values each. */
export interface Count {
  name: MetricName;
  value: number;
  dimensions?: Record<string, string>;
}

/** Pure: what one domain event counts. */
export function countsOf(event: DomainEvent): Count[] {
  switch (event.type) {
    case 'analysis-completed':
      return [{ name: 'Analyses', value: 1, dimensions: { view: event.view } }];
    case 'analysis-refused':
      return [{ name: 'AnalysesRefused', value: 1, dimensions: { code: event.reason } }];
    case 'credit-reserved':
      return [{ name: 'CreditsReserved', value: 1 }];
    case 'credit-refunded':
      return [{ name: 'CreditsRefunded', value: 1, dimensions: { reason: event.reason } }];
    case 'credit-expired':
      return [{ name: 'CreditsExpired', value: 1 }];
    case 'payment-fulfilled':
      return [
        { name: 'StripeFulfilments', value: 1, dimensions: { outcome: event.outcome } },
        ...(event.credits > 0 ? [{ name: 'CreditsPurchased' as const, value: event.credits }] : []),
      ];
  }
}

/** Pure: what an answered request counts (failures only: the request count itself is API Gateway's). */
export function countsOfStatus(status: number): Count[] {
  if (status >= 500) return [{ name: 'Responses5xx', value: 1 }];
  if (status >= 400) return [{ name: 'Responses4xx', value: 1 }];
  return [];
}

/**
 * The counts of one request, made by the wrapper per request (a Lambda environment serves one request at a time; the
 * local gateway runs several, so nothing is shared between them). `report` is what the domain gets as `events`.
 */
export class RequestMetrics {
  private readonly counts = new Map<string, Count>();

  readonly report: ReportEvent = (event) => this.add(countsOf(event));

  add(counts: Count[]): void {
    for (const count of counts) {
      const dimensions = count.dimensions ?? {};
      const key = `${count.name}|${JSON.stringify(Object.entries(dimensions).sort())}`;
      const seen = this.counts.get(key);
      this.counts.set(key, { ...count, dimensions, value: (seen?.value ?? 0) + count.value });
    }
  }

  /** Writes the counts, one EMF line per set of dimensions (EMF applies a line's dimensions to all its metrics). */
  flush(target: Metrics = metrics): void {
    const bySet = new Map<string, Count[]>();
    for (const count of this.counts.values()) {
      const key = JSON.stringify(Object.entries(count.dimensions ?? {}).sort());
      bySet.set(key, [...(bySet.get(key) ?? []), count]);
    }
    this.counts.clear();
    for (const counts of bySet.values()) {
      const dimensions = counts[0]!.dimensions ?? {};
      if (Object.keys(dimensions).length > 0) target.addDimensions(dimensions);
      for (const count of counts) target.addMetric(count.name, MetricUnit.Count, count.value);
      target.publishStoredMetrics();
    }
  }
}
