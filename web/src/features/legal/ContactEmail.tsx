import { useRuntimeConfig } from '../../lib/use-runtime-config.ts';

export function ContactEmail() {
  const { data: config } = useRuntimeConfig();
  if (!config?.contactEmail) return <>our support address (see the footer)</>;
  return (
    <a href={`mailto:${config.contactEmail}`} className="text-accent-teal underline">
      {config.contactEmail}
    </a>
  );
}
