import { PACKAGES } from '#shared/packages.ts';
import { PackageCard } from './PackageCard.tsx';
import { PricingNote } from './PricingNote.tsx';

/** The packs come from shared/packages.ts, the table the server prices checkouts from: prerendered, no request. */
export default function PricingPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-14">
      <h1 className="text-center text-4xl font-black">Get more ratings</h1>
      <p className="mt-3 text-center text-zinc-300">One credit per analysis. Credits are added right after payment.</p>
      <PricingNote />
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        {PACKAGES.map((pkg) => (
          <PackageCard key={pkg.id} pkg={pkg} />
        ))}
      </div>
    </div>
  );
}
