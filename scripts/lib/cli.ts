/**
 * One way for the scripts to read their command line (node:util parseArgs): an unknown flag, a missing value or a bad
 * number ends the run with one line and the usage, exit code 2.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export function readArgs<const O extends Options>(usage: string, options: O, argv = process.argv.slice(2)) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    return usageError(usage, error instanceof Error ? error.message : String(error));
  }
}

export function usageError(usage: string, message: string): never {
  console.error(`${message}\nusage: ${usage}`);
  process.exit(2);
}

/** A number flag's value: `fallback` when the flag is absent, the usage when it is not a number of at least 0. */
export function numberArg(usage: string, flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  return value.trim() !== '' && n >= 0
    ? n
    : usageError(usage, `--${flag} must be a number of at least 0, got '${value}'`);
}
