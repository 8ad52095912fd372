import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import type { ShareCreated } from '#shared/schemas.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { copyText, shareLink } from './share-links.ts';
import { useCreateShare, useRevokeShare } from './use-share.ts';

export const SHARE_TEXTS = {
  title: 'Share this result',
  description: 'Anyone with the link can see your score, label, six metrics and Norwood stage. Never your e-mail.',
  showName: 'Show my name',
  anonymous: 'Anonymous',
  includePhoto: 'Include my photo',
  create: 'Create share link',
  update: 'Update link',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFallback: 'Press Ctrl+C (⌘C) to copy the selected link.',
  revoke: 'Stop sharing',
  revoked: 'Sharing stopped: the link no longer works.',
  again: 'Create a new link',
  failed: 'Could not update the share link. Please try again.',
} as const;

type Visibility = 'named' | 'anonymous';

export const DIALOG_CONTENT_CLASSES =
  'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-ink-900 p-5 shadow-2xl';

/** The owner's share dialog: options → link with Copy and Stop sharing; the options can be changed afterwards. */
export function ShareDialog({ ratingId }: { ratingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          Share
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className={DIALOG_CONTENT_CLASSES} data-testid="share-dialog">
          <Dialog.Title className="text-lg font-bold">{SHARE_TEXTS.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-400">{SHARE_TEXTS.description}</Dialog.Description>
          <ShareForm ratingId={ratingId} />
          <div className="mt-5 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's body (also rendered alone in tests). */
export function ShareForm({ ratingId }: { ratingId: string }) {
  const [visibility, setVisibility] = useState<Visibility>('named');
  const [includePhoto, setIncludePhoto] = useState(false);
  const [share, setShare] = useState<ShareCreated | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [copyHint, setCopyHint] = useState<string | null>(null);
  const create = useCreateShare(ratingId);
  const revoke = useRevokeShare(ratingId);
  const linkRef = useRef<HTMLInputElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const ids = { name: useId(), link: useId(), photo: useId() };

  const url = share ? shareLink(window.location.origin, share.shareId) : '';
  const shareId = share?.shareId;
  // focus follows the dialog's state: to Copy once a link exists, back to Create after revoking
  useEffect(() => {
    if (shareId) copyRef.current?.focus();
  }, [shareId]);
  useEffect(() => {
    if (revoked) createRef.current?.focus();
  }, [revoked]);

  const submit = () => {
    create.mutate(
      { anonymous: visibility === 'anonymous', includePhoto },
      {
        onSuccess: (created) => {
          setShare(created);
          setRevoked(false);
          setCopyHint(null);
        },
      },
    );
  };
  const copy = async () => {
    const ok = await copyText(url, linkRef.current);
    if (ok) {
      setCopyHint(SHARE_TEXTS.copied);
      toast({ title: SHARE_TEXTS.copied, variant: 'success' });
    } else {
      setCopyHint(SHARE_TEXTS.copyFallback);
    }
  };
  const stop = () => {
    revoke.mutate(share?.shareId, {
      onSuccess: () => {
        setShare(null);
        setRevoked(true);
        setCopyHint(null);
      },
    });
  };
  const busy = create.isPending || revoke.isPending;
  const failed = create.isError || revoke.isError;

  return (
    <div
      className="mt-4 grid gap-4"
      data-testid="share-form"
      data-state={share ? 'shared' : revoked ? 'revoked' : 'idle'}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-zinc-200">Show as</legend>
        {(['named', 'anonymous'] as const).map((v) => (
          <label key={v} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={ids.name}
              value={v}
              checked={visibility === v}
              onChange={() => setVisibility(v)}
              className="size-4 accent-[var(--color-accent-teal)]"
            />
            {v === 'named' ? SHARE_TEXTS.showName : SHARE_TEXTS.anonymous}
          </label>
        ))}
      </fieldset>
      <label htmlFor={ids.photo} className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          id={ids.photo}
          type="checkbox"
          checked={includePhoto}
          onChange={(e) => setIncludePhoto(e.target.checked)}
          className="size-4 accent-[var(--color-accent-teal)]"
        />
        {SHARE_TEXTS.includePhoto}
      </label>
      <Button ref={createRef} onClick={submit} disabled={busy} className="justify-self-start">
        {share ? SHARE_TEXTS.update : revoked ? SHARE_TEXTS.again : SHARE_TEXTS.create}
      </Button>

      {share && (
        <div className="grid gap-2 rounded-xl border border-white/10 bg-ink-950/60 p-3">
          <label htmlFor={ids.link} className="text-sm font-semibold text-zinc-200">
            Share link
          </label>
          <input
            id={ids.link}
            ref={linkRef}
            readOnly
            value={url}
            data-testid="share-link"
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-lg border border-white/15 bg-ink-950 px-3 py-2 font-mono text-xs text-zinc-100"
          />
          <div className="flex flex-wrap gap-2">
            <Button ref={copyRef} size="sm" onClick={() => void copy()}>
              {SHARE_TEXTS.copy}
            </Button>
            <Button size="sm" variant="danger" onClick={stop} disabled={busy}>
              {SHARE_TEXTS.revoke}
            </Button>
          </div>
          <p aria-live="polite" className="text-xs text-zinc-400">
            {copyHint}
          </p>
        </div>
      )}
      {revoked && (
        <p role="status" className="text-sm text-zinc-300">
          {SHARE_TEXTS.revoked}
        </p>
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-300">
          {SHARE_TEXTS.failed}
        </p>
      )}
    </div>
  );
}
