/**
 * The one structured logger of the Lambdas (Powertools Logger: JSON lines with level, message, service and timestamp;
 * the level from POWERTOOLS_LOG_LEVEL, which the stack sets). Made once per process.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'hairline-rater' });

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/** An entry as the domain hands it to an injected `log` ({ level, message, ...fields }), written by the logger. */
export function logEntry({ level, message, ...fields }: Record<string, unknown>): void {
  const text = String(message ?? '');
  switch (String(level ?? 'INFO').toUpperCase()) {
    case 'ERROR':
      return logger.error(text, fields);
    case 'WARN':
      return logger.warn(text, fields);
    case 'DEBUG':
      return logger.debug(text, fields);
    default:
      return logger.info(text, fields);
  }
}
