export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
] as const;

/** Extra links for signed-in users (header, mobile menu). */
export const SIGNED_IN_NAV_LINKS = [{ to: '/history', label: 'History' }] as const;
