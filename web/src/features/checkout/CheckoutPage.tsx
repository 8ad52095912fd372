import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { findPackage, formatDollars, normalizePackageId } from '#shared/packages.ts';
import { Button, buttonClasses } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { CenteredSpinner } from '#web/components/ui/Spinner.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { readItem, SESSION_KEYS, writeItem } from '#web/lib/storage-keys.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { usePackages } from '#web/features/pricing/index.ts';
import { createCheckoutSession } from './start-checkout.ts';

export default function CheckoutPage() {
  const { packageId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useAuth();
  const { data: packages, isPending } = usePackages();
  const id = normalizePackageId(packageId);
  const pkg = packages?.find((p) => p.id === id) ?? findPackage(id);
  const ratingId =
    params.get('ratingId') ??
    readItem('session', SESSION_KEYS.pendingHairlineId) ??
    readItem('session', SESSION_KEYS.pendingUpgradeId);

  const checkout = useMutation({
    mutationFn: () => createCheckoutSession(id, ratingId),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => {
      console.error('checkout failed', error);
      toast({
        title: 'Checkout Error',
        description: (error as Error)?.message || 'An error occurred. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const proceed = () => {
    if (status !== 'signed-in') {
      toast({ title: 'Login Required', description: 'Please log in before purchasing', variant: 'destructive' });
      writeItem('session', SESSION_KEYS.pendingCheckoutPackage, id);
      navigate('/auth?redirect=checkout');
      return;
    }
    checkout.mutate();
  };

  if (isPending && !pkg) return <CenteredSpinner label="Loading package" />;
  if (!pkg) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-3xl font-black">Package not found</h1>
        <p className="mt-3 text-zinc-400">This package does not exist.</p>
        <Link to="/pricing" className={buttonClasses('secondary', 'md', 'mt-6')}>
          See all packages
        </Link>
      </div>
    );
  }

  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <div className="mx-auto max-w-lg px-4 py-14">
      <h1 className="text-center text-3xl font-black">Checkout</h1>
      <Card className="mt-8" data-testid="checkout-summary">
        <h2 className="text-xl font-bold">{pkg.name}</h2>
        <p className="mt-1 text-sm text-zinc-400">{pkg.description}</p>
        <dl className="mt-6 space-y-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-zinc-400">Number of ratings</dt>
            <dd className="font-semibold">{pkg.numRatings}</dd>
          </div>
          <div className="flex justify-between border-t border-white/10 pt-3 text-lg">
            <dt className="font-semibold">Total</dt>
            <dd className="font-black">{formatDollars(pkg.price)}</dd>
          </div>
        </dl>
        <Button size="lg" className="mt-8 w-full" onClick={proceed} disabled={busy || status === 'loading'}>
          {busy ? 'Redirecting to payment...' : 'Proceed to Payment'}
        </Button>
        <p className="mt-3 text-center text-xs text-zinc-400">
          One-time payment through our card payment provider. All sales are final; see the{' '}
          <Link to="/terms" className="underline">
            Terms of Service
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}
