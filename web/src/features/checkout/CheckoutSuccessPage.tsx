import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { readPendingUpload } from '#web/features/analyze/index.ts';
import { useVerifySession } from './use-verify-session.ts';

/** The buyer's own new purchase, whichever path (webhook or this page) credited it: the purchase record says so. */
const receivedText = (credits: number) => `Payment received: ${credits} ${credits === 1 ? 'credit' : 'credits'} added.`;

export default function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const state = useVerifySession(params.get('session_id'));
  const hasPendingPhoto = !!readPendingUpload();
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center" aria-live="polite">
        {state.phase === 'loading' && (
          <div className="flex flex-col items-center gap-4 py-6">
            <Spinner label="Confirming your payment" />
            <h1 className="text-2xl font-bold">Confirming your payment…</h1>
          </div>
        )}
        {state.phase === 'success' && (
          <>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="mx-auto size-14 text-success"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="12" cy="12" r="10" />
              <path d="m7 12.5 3.2 3.2L17 9" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h1 className="mt-3 text-3xl font-black">Payment successful!</h1>
            <p className="mt-3 text-zinc-300">
              {state.session.receipt.fresh ? (
                <strong data-testid="payment-received" className="text-white">
                  {receivedText(state.session.receipt.credits)}
                </strong>
              ) : (
                'This payment was already processed.'
              )}{' '}
              You now have{' '}
              <strong data-testid="credit-balance" className="text-accent-teal">
                {state.session.credits}
              </strong>{' '}
              credits.
            </p>
            <Link to={hasPendingPhoto ? '/#analyze' : '/'} className={buttonClasses('primary', 'lg', 'mt-8')}>
              {hasPendingPhoto ? 'Analyze my photo' : 'Start analyzing'}
            </Link>
          </>
        )}
        {state.phase === 'error' && (
          <>
            <h1 className="text-3xl font-black text-danger">Payment problem</h1>
            <p role="alert" className="mt-3 text-zinc-300">
              {state.message}
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button onClick={() => window.location.reload()}>Retry Payment Processing</Button>
              <Link to="/" className={buttonClasses('ghost', 'md', 'border border-white/20')}>
                Return to Home
              </Link>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
