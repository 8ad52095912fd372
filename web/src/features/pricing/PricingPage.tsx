import { CenteredSpinner } from '../../components/ui/Spinner.tsx';
import { PackageCard } from './PackageCard.tsx';
import { usePackages } from './use-packages.ts';

export default function PricingPage() {
  const { data: packages, isPending } = usePackages();
  return (
    <div className="mx-auto max-w-4xl px-4 py-14">
      <h1 className="text-center text-4xl font-black">Get more ratings</h1>
      <p className="mt-3 text-center text-zinc-300">One credit per analysis. Credits are added right after payment.</p>
      {/* room for the cards before they arrive, so the footer does not jump */}
      <div className="mt-12 min-h-[56rem] md:min-h-[26rem]">
        {isPending ? (
          <CenteredSpinner label="Loading packages" />
        ) : packages && packages.length > 0 ? (
          <div className="grid gap-8 md:grid-cols-2">
            {packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} />
            ))}
          </div>
        ) : (
          <p className="text-center text-zinc-400">No packages are available right now. Please try again later.</p>
        )}
      </div>
    </div>
  );
}
