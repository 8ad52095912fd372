import { useQuery } from '@tanstack/react-query';
import type { CreditPackage } from '#shared/packages.ts';
import { getQueryFn } from '#web/lib/api.ts';
import { toast } from '#web/components/ui/toast-store.ts';

export const PACKAGES_PATH = '/api/packages';

/** The spec: a failed load shows a toast and yields an empty list. */
export async function fetchPackages(): Promise<CreditPackage[]> {
  try {
    const list = await getQueryFn<CreditPackage[]>({ on401: 'throw' })({ queryKey: [PACKAGES_PATH] });
    return Array.isArray(list) ? list : [];
  } catch (error) {
    console.error('packages load failed', error);
    toast({ title: 'Error', description: 'Failed to load payment packages', variant: 'destructive' });
    return [];
  }
}

export function usePackages() {
  return useQuery({ queryKey: [PACKAGES_PATH], queryFn: fetchPackages });
}
