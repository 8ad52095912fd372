/** What other features may use of this feature; everything else in the folder is its own. */
export { RetakeReminder } from './RetakeReminder.tsx';
export { REMINDER_TEXTS } from './reminder-texts.ts';
