import { useState } from 'react';
import { Button, type ButtonProps } from '#web/components/ui/Button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { EXPORT_LABEL } from '#web/features/layout/index.ts';
import { downloadAccountExport } from './export-data.ts';

export const EXPORT_FAILED = 'Could not download your data. Please try again.';

export async function exportWithToast(): Promise<void> {
  try {
    await downloadAccountExport();
  } catch (error) {
    console.error('export failed', error);
    toast({ title: EXPORT_FAILED, variant: 'destructive' });
  }
}

/** "Download my data": everything stored about the account, as a JSON file. */
export function ExportButton(props: Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      {...props}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await exportWithToast();
        setBusy(false);
      }}
    >
      {EXPORT_LABEL}
    </Button>
  );
}
