import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  BIRTH_YEAR_TEXTS,
  BirthYearDialog,
  DELETE_ACCOUNT_TEXTS,
  DeleteAccountDialog,
} from '#web/features/account/index.ts';
import { displayName, useAuth } from '#web/features/auth/index.ts';
import { EXPORT_LABEL, exportWithToast } from '#web/features/history/index.ts';
import { SIGNED_IN_NAV_LINKS } from './nav-items.ts';

const ITEM = 'cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-white/10';

export default function UserMenu() {
  const auth = useAuth();
  const navigate = useNavigate();
  const name = displayName(auth);
  const credits = auth.profile?.credits;
  const [deleting, setDeleting] = useState(false);
  const [editingBirthYear, setEditingBirthYear] = useState(false);
  const logout = async () => {
    try {
      await auth.signOut();
      void navigate('/');
    } catch {
      /* the toast already told the user */
    }
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full border border-white/15 py-1 pl-1 pr-3 text-sm hover:bg-white/5"
        aria-label={`Account menu for ${name}`}
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-accent-red to-accent-pink font-bold uppercase"
        >
          {name.slice(0, 1) || '?'}
        </span>
        <span data-testid="header-credits">
          {credits ?? '…'} {credits === 1 ? 'credit' : 'credits'}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-white/10 bg-ink-900 p-1.5 text-zinc-100 shadow-2xl"
          // the delete dialog opened from here keeps the focus
          onCloseAutoFocus={(e) => (deleting || editingBirthYear) && e.preventDefault()}
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-zinc-400">
            Logged in as <span className="block truncate text-sm font-semibold text-zinc-100">{name}</span>
          </DropdownMenu.Label>
          <p className="px-3 pb-2 text-sm">
            Credits: <span className="font-bold text-accent-teal">{credits ?? '…'}</span>
          </p>
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          {SIGNED_IN_NAV_LINKS.map((l) => (
            <DropdownMenu.Item key={l.to} className={ITEM} onSelect={() => void navigate(l.to)}>
              {l.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={ITEM} onSelect={() => void navigate('/pricing')}>
            Buy more credits
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => setEditingBirthYear(true)}>
            {BIRTH_YEAR_TEXTS.trigger}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => void exportWithToast()}>
            {EXPORT_LABEL}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => void logout()}>
            Logout
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          <DropdownMenu.Item className={`${ITEM} text-red-300`} onSelect={() => setDeleting(true)}>
            {DELETE_ACCOUNT_TEXTS.trigger}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
      {/* its own portal: stays open after the menu closes */}
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
      <BirthYearDialog open={editingBirthYear} onOpenChange={setEditingBirthYear} />
    </DropdownMenu.Root>
  );
}
