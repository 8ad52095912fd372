import { useState } from 'react';
import { Field } from '#web/components/ui/Field.tsx';
import { useAuth } from './auth-context.ts';
import { SubmitButton } from './AuthFields.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { validateSignUp } from './sign-up-validation.ts';
import { useBusySubmit } from './use-busy-submit.ts';

export interface Credentials {
  username: string;
  password: string;
  /** where the code went, when known (sign-up, or a log-in with the email) */
  email?: string;
}

/** Pools that verify email need the emailed code (the parent shows that step); others sign in at once. */
export function SignUpForm({ onNeedsCode }: { onNeedsCode: (c: Credentials) => void }) {
  const { signUp, signIn } = useAuth();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, onSubmit } = useBusySubmit(
    async () => {
      const result = await signUp(username, email, password);
      if (result === 'confirm-sign-up') onNeedsCode({ username: username.trim(), password, email: email.trim() });
      else await signIn(username, password);
    },
    () => validateSignUp(password, confirm),
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Sign up">
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        labels={{ password: 'Password', confirm: 'Confirm password' }}
        names={{ password: 'password', confirm: 'confirmPassword' }}
      />
      <SubmitButton busy={busy} busyLabel="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}
