import { useState } from 'react';
import { toast } from '#web/components/ui/toast-store.ts';
import { useAuth } from './auth-context.ts';
import { EmailedCodeField, IdentifierField, SubmitButton } from './AuthFields.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { validateSignUp } from './sign-up-validation.ts';
import { useBusySubmit } from './use-busy-submit.ts';

/** Two steps: request a code by email, then set a new password with it. */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { resetPassword, confirmResetPassword } = useAuth();
  const [identifier, setIdentifier] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const requestCode = useBusySubmit(async () => {
    await resetPassword(identifier);
    setCodeSent(true);
  });
  const setNewPassword = useBusySubmit(
    async () => {
      await confirmResetPassword(identifier, code, password);
      toast({
        title: 'Password updated',
        description: 'You can now log in with your new password.',
        variant: 'success',
      });
      onDone();
    },
    () => validateSignUp(password, confirm),
  );

  if (!codeSent) {
    return (
      <form onSubmit={requestCode.onSubmit} className="grid gap-4" aria-label="Reset password">
        <h2 className="text-lg font-bold">Reset your password</h2>
        <IdentifierField value={identifier} onValue={setIdentifier} />
        <SubmitButton busy={requestCode.busy} busyLabel="Sending...">
          Send reset code
        </SubmitButton>
        <button type="button" className="justify-self-start text-sm text-zinc-400 underline" onClick={onDone}>
          Back to login
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={setNewPassword.onSubmit} className="grid gap-4" aria-label="Choose a new password">
      <h2 className="text-lg font-bold">Choose a new password</h2>
      <EmailedCodeField label="Reset code" value={code} onValue={setCode} />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        names={{ password: 'newPassword', confirm: 'confirmNewPassword' }}
      />
      <SubmitButton busy={setNewPassword.busy} busyLabel="Saving...">
        Set new password
      </SubmitButton>
    </form>
  );
}
