/** Chromium for the browser tests: the system build, driven by playwright-core (never a downloaded browser). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * How long a browser test waits for any condition (an element, a navigation, a click's target): generous, since CI
 * runs on a loaded machine (load 3-12 on 2 cores) where the dev server's first visit alone can take many seconds.
 */
export const BROWSER_WAIT_MS = 90_000;

export async function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  return withGenerousWaits(await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] }));
}

/** every context (and so every page) of the browser waits BROWSER_WAIT_MS by default instead of playwright's 30 s */
function withGenerousWaits(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(BROWSER_WAIT_MS);
    context.setDefaultNavigationTimeout(BROWSER_WAIT_MS);
    return context;
  };
  return browser;
}

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

/** Saves test-results/screenshots/<name>.png (the whole page, the viewport, or one element) and answers its path. */
export async function saveScreenshot(target: Page | Locator, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
  return path;
}
