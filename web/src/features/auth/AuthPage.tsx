import { useState, type KeyboardEvent } from 'react';
import { SITE_NAME } from '#shared/site-pages.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useAuth } from './auth-context.ts';
import { ConfirmSignUpForm } from './ConfirmSignUpForm.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm, type Credentials } from './SignUpForm.tsx';
import { usePostLoginRedirect } from './use-post-login-redirect.ts';

type Tab = 'signup' | 'login';
type View = { kind: 'tabs' } | { kind: 'confirm'; credentials: Credentials } | { kind: 'reset' };

const TABS: { id: Tab; label: string }[] = [
  { id: 'signup', label: 'Sign up' },
  { id: 'login', label: 'Log in' },
];

export default function AuthPage() {
  const { status } = useAuth();
  const [tab, setTab] = useState<Tab>('signup');
  const [view, setView] = useState<View>({ kind: 'tabs' });
  usePostLoginRedirect();

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tab === 'signup' ? 'login' : 'signup';
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  // the forms are prerendered and stay while sign-in state loads; a signed-in visitor is on the way elsewhere
  if (status === 'signed-in' && view.kind !== 'confirm') return <CenteredSpinner label="Checking sign-in" />;

  return (
    <div className="mx-auto max-w-md px-4 py-14">
      <h1 className="text-center text-3xl font-black">{`Welcome to ${SITE_NAME}`}</h1>
      <p className="mt-2 text-center text-sm text-zinc-400">Sign up or log in to rate your hairline.</p>
      <Card className="mt-8">
        {view.kind === 'confirm' && (
          <ConfirmSignUpForm credentials={view.credentials} onCancel={() => setView({ kind: 'tabs' })} />
        )}
        {view.kind === 'reset' && (
          <ResetPasswordForm
            onDone={() => {
              setTab('login');
              setView({ kind: 'tabs' });
            }}
          />
        )}
        {view.kind === 'tabs' && (
          <>
            {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- APG tabs: the tabs take focus (roving tabindex), the list handles the arrow keys */}
            <div
              role="tablist"
              aria-label="Sign up or log in"
              className="mb-6 grid grid-cols-2 rounded-xl bg-ink-950 p-1"
              onKeyDown={onTabKey}
            >
              {TABS.map((t) => (
                <button
                  key={t.id}
                  id={`tab-${t.id}`}
                  role="tab"
                  type="button"
                  aria-selected={tab === t.id}
                  aria-controls={`panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => setTab(t.id)}
                  className={cn(
                    'rounded-lg py-2 text-sm font-semibold',
                    tab === t.id ? 'bg-ink-700 text-white' : 'text-zinc-400 hover:text-zinc-200',
                  )}
                >
                  {t.label}
                </button>
              ))}
            </div>
            <GoogleButton />
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
              {tab === 'signup' ? (
                <SignUpForm onNeedsCode={(credentials) => setView({ kind: 'confirm', credentials })} />
              ) : (
                <SignInForm
                  onNeedsConfirmation={(credentials) => setView({ kind: 'confirm', credentials })}
                  onForgotPassword={() => setView({ kind: 'reset' })}
                />
              )}
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
