import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from '#web/components/ui/toast-store.ts';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.doUnmock('#web/components/ui/ToastList.tsx');
  vi.resetModules();
});

describe('Toaster', () => {
  it('renders nothing before the first toast, then loads the region and shows it', async () => {
    const { Toaster } = await import('#web/components/ui/Toaster.tsx');
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe('');
    act(() => void toast({ title: 'Saved', description: 'Your birth year is saved.' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByText('Your birth year is saved.')).toBeTruthy();
    // Radix's region, with its hotkey label
    expect(screen.getByRole('region').getAttribute('aria-label')).toMatch(/Notification/);
  });

  it('still shows the message when the region cannot be loaded (offline)', async () => {
    vi.resetModules();
    vi.doMock('#web/components/ui/ToastList.tsx', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { Toaster } = await import('#web/components/ui/Toaster.tsx');
    const store = await import('#web/components/ui/toast-store.ts');
    render(<Toaster />);
    act(() => void store.toast({ title: 'Network error', description: 'Check your connection.' }));
    expect((await screen.findByRole('status')).textContent).toContain('Network error Check your connection.');
    act(() => store.dismissToast());
  });
});
