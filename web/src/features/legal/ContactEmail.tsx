import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRuntimeConfig } from '#web/lib/use-runtime-config.ts';

export function ContactEmail() {
  const { data: config } = useRuntimeConfig();
  // the config may arrive before this part of a prerendered page hydrates: show it only once hydrated
  const hydrated = useHydrated();
  if (!hydrated || !config?.contactEmail) return <>our support address (see the footer)</>;
  return (
    <a href={`mailto:${config.contactEmail}`} className="text-accent-teal underline">
      {config.contactEmail}
    </a>
  );
}
