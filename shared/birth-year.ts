/**
 * The optional birth year on a profile: asked only to compare a hairline with men of the same age (never guessed from
 * the face, never shown to others). One rule for PATCH /api/me and the form that sends it.
 */
export const BIRTH_YEAR_NOTE = 'Only to compare your hairline with men your age; never shown to others.';
/** the service is for adults; nobody is older than this */
export const BIRTH_YEAR_MIN_AGE = 18;
export const BIRTH_YEAR_MAX_AGE = 110;

/** The accepted birth years in the given (UTC) year: those who turn 18 this year or earlier, back to 110 years. */
export function birthYearBounds(now: Date = new Date()): { min: number; max: number } {
  const year = now.getUTCFullYear();
  return { min: year - BIRTH_YEAR_MAX_AGE, max: year - BIRTH_YEAR_MIN_AGE };
}

export function birthYearRule(now: Date = new Date()): string {
  const { min, max } = birthYearBounds(now);
  return `Birth year must be a whole year from ${min} to ${max} (you must be 18 or older)`;
}

export function isValidBirthYear(year: number, now: Date = new Date()): boolean {
  const { min, max } = birthYearBounds(now);
  return Number.isInteger(year) && year >= min && year <= max;
}

/** The age reached in the year of `at` (ISO date): a birth year cannot tell more. */
export function ageInYearOf(birthYear: number, at: string): number {
  return new Date(at).getUTCFullYear() - birthYear;
}
