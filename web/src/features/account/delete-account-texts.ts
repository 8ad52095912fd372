/** The "Delete account" dialog's words: what goes (everything DELETE /api/me removes) and the terms' no-refund rule. */
export const DELETE_ACCOUNT_TEXTS = {
  trigger: 'Delete account',
  title: 'Delete your account?',
  description: 'This permanently removes:',
  removed: [
    'your profile',
    'your credit balance',
    'all your ratings',
    'their share links',
    'your sign-in (username, e-mail and password)',
  ],
  noRefund: 'Unused credits are not refunded (Terms of Service, section 8). This cannot be undone.',
  confirm: 'Delete my account',
  cancel: 'Cancel',
  pending: 'Deleting…',
  done: 'Your account has been deleted',
  failed: 'Could not delete your account. Please try again.',
} as const;
