/**
 * Setup file of the `web` project, after test/support/fresh-file.ts: its files share one worker and so one happy-dom
 * window. Whatever a file rendered is unmounted when it ends, and the next file starts on an empty document at the URL
 * the window began with, with empty storage and no cookies, as it would in a worker of its own.
 */
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

const FIRST_URL = Symbol.for('hairline-rater.first-url');
const kept = globalThis as unknown as Record<typeof FIRST_URL, string | undefined>;
// the URL happy-dom opened the window at, as the first file found it
const firstUrl = (kept[FIRST_URL] ??= location.href);

afterAll(() => cleanup());

document.head.innerHTML = '';
document.body.innerHTML = '';
document.title = '';
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
if (location.href !== firstUrl) history.replaceState(null, '', firstUrl);
