/**
 * Every date the app shows, in one format and in the visitor's own language: day and short month, and the year when
 * it is not this year ("12 Oct" in en-GB, "Oct 12" in en-US, "12 oct. 2025" in fr). The locale is the browser's
 * (navigator.language), so a test environment reads the same one everywhere.
 */
export const visitorLocale = (): string | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.language || undefined;

export function formatDate(
  iso: string,
  { now = new Date(), locale = visitorLocale(), time = false }: { now?: Date; locale?: string; time?: boolean } = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...(time ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
}
