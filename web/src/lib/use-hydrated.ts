import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * false while React hydrates a prerendered page (and on the server), true afterwards and in client-only renders.
 * Browser-only facts (storage, camera, the current date) wait for it, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
