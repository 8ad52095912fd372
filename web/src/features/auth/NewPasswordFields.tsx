import { PASSWORD_MIN_LENGTH } from '#shared/messages.ts';
import { Field } from '#web/components/ui/Field.tsx';

interface Props {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** field labels; the input names follow them */
  labels: { password: string; confirm: string };
  names: { password: string; confirm: string };
}

/** A new password and its confirmation, as sign-up and password reset both ask for them. */
export function NewPasswordFields({ password, confirm, onPassword, onConfirm, labels, names }: Props) {
  return (
    <>
      <Field
        label={labels.password}
        name={names.password}
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <Field
        label={labels.confirm}
        name={names.confirm}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
