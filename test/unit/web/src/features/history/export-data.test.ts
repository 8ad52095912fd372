import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadAccountExport, filenameFromDisposition } from '#web/features/history/export-data.ts';

afterEach(() => vi.unstubAllGlobals());

describe('data export', () => {
  it('reads the filename from content-disposition', () => {
    expect(filenameFromDisposition('attachment; filename="hairline-rater-export-2026-10-20.json"')).toBe(
      'hairline-rater-export-2026-10-20.json',
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''my%20data.json")).toBe('my data.json');
    expect(filenameFromDisposition('attachment; filename=../../x.json')).toBe('.._.._x.json');
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
  });

  it('GETs /api/me/export and saves it through an object URL and <a download>', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('{"profile":{}}', {
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="hairline-rater-export-2026-10-20.json"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => 'blob:x');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await expect(downloadAccountExport()).resolves.toBe('hairline-rater-export-2026-10-20.json');
    expect(fetchMock.mock.calls.some((c) => String((c as unknown[])[0]).endsWith('/api/me/export'))).toBe(true);
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(clicks).toEqual(['hairline-rater-export-2026-10-20.json']);
    click.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
});
