import { ROUTE } from '#shared/routes.ts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { request } from '#web/lib/call.ts';
import { UNSUBSCRIBE_TEXTS } from './unsubscribe-texts.ts';

type Outcome = 'working' | 'done' | 'invalid';

/**
 * /unsubscribe?token=…: the reminder e-mail's link. Opening it unsubscribes, no sign-in needed: the page posts the
 * signed token to the API once (a link scanner that only fetches the page changes nothing).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome>('working');

  useEffect(() => {
    if (!token) {
      setOutcome('invalid');
      return;
    }
    let live = true;
    void request(ROUTE.unsubscribeReminders, { query: { token } })
      .then(() => live && setOutcome('done'))
      .catch(() => live && setOutcome('invalid'));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-black">{UNSUBSCRIBE_TEXTS.title}</h1>
      <p className="mt-4 text-zinc-300" role="status" data-testid="unsubscribe-outcome">
        {outcome === 'working'
          ? UNSUBSCRIBE_TEXTS.working
          : outcome === 'done'
            ? UNSUBSCRIBE_TEXTS.done
            : UNSUBSCRIBE_TEXTS.invalid}
      </p>
    </div>
  );
}
