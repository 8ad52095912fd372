import { PASSWORD_MIN_LENGTH } from '#shared/messages.ts';

export interface FormProblem {
  title: string;
  description: string;
}

export function validateSignUp(password: string, confirm: string): FormProblem | null {
  if (password !== confirm)
    return { title: "Passwords don't match", description: 'Please ensure both passwords match.' };
  if (password.length < PASSWORD_MIN_LENGTH) {
    return {
      title: 'Password too short',
      description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    };
  }
  return null;
}
