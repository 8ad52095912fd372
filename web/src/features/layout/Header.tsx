import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { buttonClasses } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { useAuth } from '#web/features/auth/index.ts';
import { NAV_LINKS, SIGNED_IN_NAV_LINKS } from './nav-items.ts';

// Radix menu and dialog (with their positioning code) load after first paint: the user menu only exists once
// signed in, and the mobile menu only matters below 768 px.
const UserMenu = lazy(() => import('./UserMenu.tsx'));
const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

export function Header() {
  const { status } = useAuth();
  const links = status === 'signed-in' ? [...NAV_LINKS, ...SIGNED_IN_NAV_LINKS] : NAV_LINKS;
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-black tracking-tight">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          Hairline <span className="text-accent-pink">Rater</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.to === '/'}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-semibold hover:bg-white/10',
                  isActive ? 'text-accent-teal' : 'text-zinc-200',
                )
              }
            >
              {l.label}
            </NavLink>
          ))}
          <div className="ml-3 min-w-24 text-right">
            {status === 'signed-in' ? (
              <Suspense fallback={null}>
                <UserMenu />
              </Suspense>
            ) : status === 'signed-out' ? (
              <Link to="/auth" className={buttonClasses('primary', 'sm')}>
                Login
              </Link>
            ) : null}
          </div>
        </nav>
        <Suspense fallback={<span className="size-10 md:hidden" aria-hidden="true" />}>
          <MobileMenu />
        </Suspense>
      </div>
    </header>
  );
}
