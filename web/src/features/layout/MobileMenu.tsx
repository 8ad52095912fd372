import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '#web/components/ui/Button.tsx';
import { DeleteAccountDialog } from '#web/features/account/index.ts';
import { DELETE_ACCOUNT_TEXTS } from '#web/features/account/index.ts';
import { displayName, useAuth } from '#web/features/auth/index.ts';
import { exportWithToast } from '#web/features/history/index.ts';
import { EXPORT_LABEL, NAV_LINKS, SIGNED_IN_NAV_LINKS } from './nav-items.ts';

const LINK = 'block rounded-lg px-3 py-3 text-base font-semibold hover:bg-white/10';

/** The header's items for screens below 768 px. */
export default function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const auth = useAuth();
  const navigate = useNavigate();
  const close = () => setOpen(false);
  const logout = async () => {
    close();
    try {
      await auth.signOut();
      navigate('/');
    } catch {
      /* the toast already told the user */
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-lg p-2 hover:bg-white/10 md:hidden" aria-label="Open menu">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 md:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 w-72 max-w-[85vw] border-l border-white/10 bg-ink-900 p-5 shadow-2xl md:hidden"
          // the delete dialog opened from here keeps the focus
          onCloseAutoFocus={(e) => deleting && e.preventDefault()}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
            <Dialog.Close className="rounded-lg p-2 hover:bg-white/10" aria-label="Close menu">
              <span aria-hidden="true">✕</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation and account</Dialog.Description>
          <nav aria-label="Mobile" className="mt-4">
            {NAV_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className={LINK} onClick={close}>
                {l.label}
              </Link>
            ))}
            {auth.status === 'signed-in' ? (
              <div className="mt-4 border-t border-white/10 pt-4">
                <p className="px-3 text-xs text-zinc-400">
                  Logged in as <span className="block text-sm font-semibold text-zinc-100">{displayName(auth)}</span>
                </p>
                <p className="px-3 py-2 text-sm">
                  Credits: <span className="font-bold text-accent-teal">{auth.profile?.credits ?? '…'}</span>
                </p>
                {SIGNED_IN_NAV_LINKS.map((l) => (
                  <Link key={l.to} to={l.to} className={LINK} onClick={close}>
                    {l.label}
                  </Link>
                ))}
                <Link to="/pricing" className={LINK} onClick={close}>
                  Buy more credits
                </Link>
                <Button
                  variant="ghost"
                  className="w-full justify-start px-3 py-3 text-base"
                  onClick={() => {
                    close();
                    void exportWithToast();
                  }}
                >
                  {EXPORT_LABEL}
                </Button>
                <Button
                  variant="ghost"
                  className="w-full justify-start px-3 py-3 text-base"
                  onClick={() => void logout()}
                >
                  Logout
                </Button>
                <Button
                  variant="ghost"
                  className="mt-2 w-full justify-start border-t border-white/10 px-3 py-3 text-base text-red-300"
                  onClick={() => {
                    close();
                    setDeleting(true);
                  }}
                >
                  {DELETE_ACCOUNT_TEXTS.trigger}
                </Button>
              </div>
            ) : (
              <Link to="/auth" className={buttonClasses('primary', 'md', 'mt-4 w-full')} onClick={close}>
                Login
              </Link>
            )}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
      {/* its own root and portal: stays open after this menu closes */}
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </Dialog.Root>
  );
}
