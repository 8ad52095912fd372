import { useState } from 'react';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from './auth-context.ts';
import { EmailedCodeField, SubmitButton } from './AuthFields.tsx';
import type { Credentials } from './SignUpForm.tsx';
import { useBusySubmit } from './use-busy-submit.ts';

/** Email verification: confirm the code, then sign in with the password the user just chose. */
export function ConfirmSignUpForm({ credentials, onCancel }: { credentials: Credentials; onCancel: () => void }) {
  const { confirmSignUp, resendSignUpCode, signIn } = useAuth();
  const [code, setCode] = useState('');
  const { busy, onSubmit } = useBusySubmit(async () => {
    await confirmSignUp(credentials.username, code);
    if (credentials.password) await signIn(credentials.username, credentials.password);
    else onCancel();
  });

  const resend = async () => {
    try {
      await resendSignUpCode(credentials.username);
      toast({ title: 'Code sent', description: 'Check your email for a new verification code.', variant: 'success' });
    } catch {
      /* toast shown by the auth provider */
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Verify email">
      <p className="text-sm text-zinc-300" data-testid="code-sent-to">
        {credentials.email ? (
          <>
            We emailed a verification code to <strong className="break-all">{credentials.email}</strong>. Enter it
            below; it can take a minute to arrive (check the spam folder too).
          </>
        ) : (
          <>
            We emailed a verification code to the address you gave for <strong>{credentials.username}</strong>. Enter it
            below.
          </>
        )}
      </p>
      <EmailedCodeField label="Verification code" value={code} onValue={setCode} />
      <SubmitButton busy={busy} busyLabel="Verifying...">
        Verify and continue
      </SubmitButton>
      <div className="flex justify-between text-sm">
        <button type="button" className="text-accent-teal underline" onClick={() => void resend()}>
          Send a new code
        </button>
        <button type="button" className="text-zinc-400 underline" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
