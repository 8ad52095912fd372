import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useRuntimeConfig } from '#web/lib/use-runtime-config.ts';
import { loadAnalytics } from './analytics.ts';
import { BANNER_DELAY_MS, BANNER_FADE_MS, readConsent, storeConsent, type Consent } from './consent.ts';

type Phase = 'hidden' | 'shown' | 'leaving';

export function CookieBanner() {
  const { data: config } = useRuntimeConfig();
  const [consent, setConsent] = useState<Consent | null>(() => readConsent());
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (consent) return;
    const timer = setTimeout(() => setPhase('shown'), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [consent]);

  useEffect(() => {
    if (consent === 'accepted' && config) loadAnalytics(config.analyticsId);
  }, [consent, config]);

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = setTimeout(() => setPhase('hidden'), BANNER_FADE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const choose = (choice: Consent) => {
    storeConsent(choice);
    setConsent(choice);
    setPhase('leaving');
  };

  if (phase === 'hidden') return null;
  return (
    <section
      aria-label="Cookie consent"
      data-testid="cookie-banner"
      className={cn(
        'fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-2xl border border-white/10 bg-ink-800/95 p-5 shadow-2xl backdrop-blur transition-opacity duration-300 sm:flex sm:items-center sm:gap-5',
        phase === 'leaving' ? 'opacity-0' : 'animate-fade-in opacity-100',
      )}
    >
      <p className="text-sm text-zinc-300">
        We use essential storage to keep you signed in. With your consent we also use analytics cookies to improve the
        site.{' '}
        <Link to="/privacy" className="font-semibold text-accent-teal underline">
          Privacy Policy
        </Link>
      </p>
      <div className="mt-4 flex shrink-0 gap-3 sm:mt-0">
        <Button
          variant="ghost"
          className="border border-white/20"
          onClick={() => choose('rejected')}
          disabled={phase === 'leaving'}
        >
          Reject all
        </Button>
        <Button onClick={() => choose('accepted')} disabled={phase === 'leaving'}>
          Accept all
        </Button>
      </div>
    </section>
  );
}
