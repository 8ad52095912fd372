import { Link } from 'react-router-dom';
import { formatDollars, type CreditPackage } from '#shared/packages.ts';
import { buttonClasses } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { CheckList } from './CheckList.tsx';
import { DISTINGUISHING_FEATURES } from './distinguishing-features.ts';

export function PackageCard({ pkg }: { pkg: CreditPackage }) {
  const headingId = `pkg-${pkg.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`package-${pkg.id}`}
      className={cn(
        'relative flex flex-col rounded-3xl border p-7',
        pkg.popular
          ? 'border-accent-pink bg-gradient-to-b from-accent-pink/15 to-ink-900'
          : 'border-white/10 bg-ink-900/80',
      )}
    >
      {pkg.popular && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-pink-700 px-3 py-1 text-xs font-bold tracking-wide text-white">
          Most Popular
        </p>
      )}
      <h2 id={headingId} className="text-xl font-bold">
        {pkg.name}
      </h2>
      <p className="mt-4 flex items-baseline gap-3">
        <span className="text-4xl font-black">{formatDollars(pkg.price)}</span>
        <span className="text-zinc-400 line-through">
          <span className="sr-only">was </span>
          {formatDollars(pkg.listPrice)}
        </span>
        <span className="rounded-md bg-accent-teal/15 px-2 py-0.5 text-xs font-bold text-accent-teal">
          {pkg.discountLabel}
        </span>
      </p>
      <p className="mt-1 text-sm text-zinc-400">One-time purchase · {pkg.numRatings} credits</p>
      <CheckList items={[...pkg.features, ...DISTINGUISHING_FEATURES]} className="mt-6 flex-1 space-y-2 text-sm" />
      <Link
        to={`/checkout/${pkg.id}`}
        aria-label={`Get Started with ${pkg.name}`}
        className={buttonClasses(pkg.popular ? 'primary' : 'secondary', 'lg', 'mt-8 w-full')}
      >
        Get Started
      </Link>
    </article>
  );
}
