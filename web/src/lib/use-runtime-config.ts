import { useQuery } from '@tanstack/react-query';
import { loadRuntimeConfig } from './runtime-config.ts';

export function useRuntimeConfig() {
  return useQuery({ queryKey: ['/runtime-config.json'], queryFn: loadRuntimeConfig });
}
