import { ROUTE } from '#shared/routes.ts';
import { useQuery } from '@tanstack/react-query';
import type { CreditPackage } from '#shared/packages.ts';
import { call } from '#web/lib/call.ts';
import { toast } from '#web/components/ui/toast-store.ts';

export const PACKAGES_PATH = ROUTE.packages.path;

/** The spec: a failed load shows a toast and yields an empty list. */
export async function fetchPackages(): Promise<CreditPackage[]> {
  try {
    return [...(await call(ROUTE.packages, {}))];
  } catch (error) {
    console.error('packages load failed', error);
    toast({ title: 'Error', description: 'Failed to load payment packages', variant: 'destructive' });
    return [];
  }
}

export function usePackages() {
  return useQuery({ queryKey: [PACKAGES_PATH], queryFn: fetchPackages });
}
