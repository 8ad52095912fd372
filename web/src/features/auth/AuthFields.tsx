import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';

interface TextProps {
  value: string;
  onValue: (value: string) => void;
}

/** Log in and password reset: either name finds the account. */
export function IdentifierField({ value, onValue }: TextProps) {
  return (
    <Field
      label="Username or email"
      name="username"
      autoComplete="username"
      required
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

/** The code e-mailed for verifying an address or resetting a password. */
export function EmailedCodeField({ label, value, onValue }: TextProps & { label: string }) {
  return (
    <Field
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

/** A form's submit button, disabled and saying what it does while the form is busy (useBusySubmit). */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}
