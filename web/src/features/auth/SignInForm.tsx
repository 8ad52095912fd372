import { useState } from 'react';
import { Field } from '#web/components/ui/Field.tsx';
import { useAuth } from './auth-context.ts';
import { IdentifierField, SubmitButton } from './AuthFields.tsx';
import type { Credentials } from './SignUpForm.tsx';
import { useBusySubmit } from './use-busy-submit.ts';

export function SignInForm({
  onNeedsConfirmation,
  onForgotPassword,
}: {
  onNeedsConfirmation: (c: Credentials) => void;
  onForgotPassword: () => void;
}) {
  const { signIn } = useAuth();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const { busy, onSubmit } = useBusySubmit(async () => {
    const result = await signIn(identifier, password);
    if (result === 'confirm-sign-up') {
      const id = identifier.trim();
      onNeedsConfirmation({ username: id, password, ...(id.includes('@') ? { email: id } : {}) });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Log in">
      <IdentifierField value={identifier} onValue={setIdentifier} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <SubmitButton busy={busy} busyLabel="Logging in...">
        Log in
      </SubmitButton>
      <button
        type="button"
        className="justify-self-start text-sm text-accent-teal underline"
        onClick={onForgotPassword}
      >
        Forgot your password?
      </button>
    </form>
  );
}
