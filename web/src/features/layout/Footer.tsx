import { Link } from 'react-router-dom';
import { SITE_NAME } from '#shared/site-pages.ts';
import { useRuntimeConfig } from '#web/lib/use-runtime-config.ts';

// the year of the build (vite.config.ts), the same in the prerendered HTML and in the browser
const BUILD_YEAR = (import.meta.env.VITE_BUILD_YEAR as string | undefined) ?? String(new Date().getFullYear());

export function Footer() {
  const { data: config } = useRuntimeConfig();
  return (
    <footer className="border-t border-white/10 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-zinc-400 sm:flex-row">
        <p>
          © {BUILD_YEAR} {SITE_NAME}. For entertainment only, 18+.
        </p>
        <nav aria-label="Footer" className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
          {/* the address comes with the runtime config, after the page is painted: its line is kept so nothing moves */}
          <span className="min-h-5 w-full text-center sm:w-auto">
            {config?.contactEmail && (
              <a href={`mailto:${config.contactEmail}`} className="hover:text-zinc-100">
                {config.contactEmail}
              </a>
            )}
          </span>
          <Link to="/accuracy" className="hover:text-zinc-100">
            How accurate is it?
          </Link>
          <Link to="/privacy" className="hover:text-zinc-100">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:text-zinc-100">
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
