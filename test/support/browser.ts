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

/**
 * Every context (and so every page) of the browser waits BROWSER_WAIT_MS by default instead of playwright's 30 s, and
 * every page's goto and reload return only once the app has taken the page over (whenLive).
 */
function withGenerousWaits(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(BROWSER_WAIT_MS);
    context.setDefaultNavigationTimeout(BROWSER_WAIT_MS);
    context.on('page', whenLive);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => whenLive(await newPage());
    return context;
  };
  return browser;
}

const live = new WeakSet<Page>();

/**
 * The public pages arrive prerendered (the browser tests run on the production build): a click, a keystroke or a chosen
 * file on their HTML before React hydrates it is lost, which a loaded machine makes likely. So a page's goto and reload
 * also wait until React holds the app's root (a page without one, such as the Stripe emulator's, does not wait).
 */
function whenLive(page: Page): Page {
  if (live.has(page)) return page;
  live.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilAppLive(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilAppLive(page);
    return response;
  };
  return page;
}

/** until React has taken over the app's root, if the page has one (a string: this file is compiled without DOM types) */
export async function untilAppLive(page: Page): Promise<void> {
  await page.waitForFunction(
    "(() => { const root = document.getElementById('root'); return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer')); })()",
  );
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
