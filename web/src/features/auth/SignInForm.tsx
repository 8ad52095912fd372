import { useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { useAuth } from './auth-context.ts';
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
    if (result === 'confirm-sign-up') onNeedsConfirmation({ username: identifier.trim(), password });
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Log in">
      <Field
        label="Username or email"
        name="username"
        autoComplete="username"
        required
        value={identifier}
        onChange={(e) => setIdentifier(e.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Logging in...' : 'Log in'}
      </Button>
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
