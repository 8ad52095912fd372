/**
 * `npm run bench:web`: builds the SPA (with its prerendered public pages), prints the gzip size of the initial JS and CSS
 * and of every lazy chunk, then runs Lighthouse (mobile preset, Debian Chromium) three times on each prerendered page of
 * the production build served by the local stack, and prints every run and the median per page against the targets.
 * Arguments, if any, are the paths to audit instead of all.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '#infra/local/stack.ts';
import { PUBLIC_PAGE_LIST } from '#shared/site-pages.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#test/support/browser.ts';
import { median } from '#shared/statistics.ts';
import { freshStack } from './lib/fresh-stack.ts';

const DIST = join(REPO_ROOT, 'dist', 'web');
// the 404 page is audited on a path no route knows, as visitors reach it
const ALL_PAGES = PUBLIC_PAGE_LIST.map((p) => (p.path === '*' ? '/no-such-page' : p.path));
// `npm run bench:web -- /pricing /auth` audits only those pages
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ALL_PAGES;
const RUNS = 3;
const TARGETS = {
  initialJsKb: 150,
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1800,
  cls: 0.02,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// the browser tests' flags (network closed), headless for Lighthouse
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function bundleSizes() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  const assets = readdirSync(join(DIST, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `assets/${f}`);
  let initialJs = 0;
  let initialCss = 0;
  console.log('\nBundle (gzip -9):');
  for (const asset of assets.sort()) {
    const size = gzipSize(join(DIST, asset));
    const isInitial = initial.has(asset);
    if (isInitial && asset.endsWith('.js')) initialJs += size;
    if (isInitial && asset.endsWith('.css')) initialCss += size;
    console.log(
      `  ${isInitial ? 'initial' : 'lazy   '}  ${kb(size).padStart(7)} KB  ${asset} (${kb(statSync(join(DIST, asset)).size)} KB raw)`,
    );
  }
  console.log(
    `initial JS ${kb(initialJs)} KB gzip (target <= ${TARGETS.initialJsKb} KB: ${initialJs / 1024 <= TARGETS.initialJsKb ? 'met' : 'NOT met'}), initial CSS ${kb(initialCss)} KB gzip`,
  );
}

interface Run {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** gzip size of every script the page loaded (the build's files: the preview server does not compress) */
  jsKb: number;
  failed: string[];
}

async function audit(url: string, port: number): Promise<Run> {
  // the 404 page answers with status 404, which Lighthouse refuses to audit unless told
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', formFactor: 'mobile', ignoreStatusCode: true },
    undefined,
  );
  const lhr = result!.lhr;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audits = lhr.audits;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsKb: scriptsGzipKb(audits['network-requests']?.details),
    failed: Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs)
      .map((ref) => audits[ref.id]!)
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

function scriptsGzipKb(details: unknown): number {
  const items = (details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const files = new Set(items.filter((i) => i.resourceType === 'Script').map((i) => new URL(i.url).pathname));
  let bytes = 0;
  for (const file of files) bytes += gzipSize(join(DIST, file));
  return bytes / 1024;
}

function row(label: string, r: Omit<Run, 'failed'>): string {
  const cells = [
    ...CATEGORIES.map((k) => String(r[k]).padStart(4)),
    `${(r.lcpMs / 1000).toFixed(2)} s`.padStart(7),
    `${Math.round(r.tbtMs)} ms`.padStart(7),
    r.cls.toFixed(3).padStart(6),
    `${r.jsKb.toFixed(1)} KB`.padStart(9),
  ];
  return `${label.padEnd(16)}  ${cells.join('  ')}`;
}

console.log('building the SPA (vite build)...');
execFileSync(
  process.execPath,
  [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
  { cwd: REPO_ROOT, stdio: 'inherit' },
);
bundleSizes();

const stack = await freshStack('bench-web', 'preview');
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
try {
  console.log(
    `\nLighthouse ${JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset, production build at ${stack.urls.web}:`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min) at ${new Date().toISOString()}`,
  );
  console.log(`${'page / run'.padEnd(16)}  perf  a11y  best   seo      LCP      TBT     CLS  JS (gzip)`);
  const missedPages: string[] = [];
  for (const page of PAGES) {
    const runs: Run[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const r = await audit(`${stack.urls.web}${page}`, chrome.port);
      runs.push(r);
      console.log(row(`${page} #${i}`, r));
    }
    const m = {
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      'best-practices': median(runs.map((r) => r['best-practices'])),
      seo: median(runs.map((r) => r.seo)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      jsKb: median(runs.map((r) => r.jsKb)),
    };
    console.log(row(`${page} median`, m));
    const missed = [
      ...CATEGORIES.filter((k) => m[k] < TARGETS[k]).map((k) => `${k} ${m[k]} < ${TARGETS[k]}`),
      ...(m.lcpMs > TARGETS.lcpMs ? [`LCP ${(m.lcpMs / 1000).toFixed(2)} s > ${TARGETS.lcpMs / 1000} s`] : []),
      ...(m.cls > TARGETS.cls ? [`CLS ${m.cls.toFixed(3)} > ${TARGETS.cls}`] : []),
    ];
    if (missed.length) {
      missedPages.push(page);
      const failed = [...new Set(runs.flatMap((r) => r.failed))];
      console.log(
        `${''.padEnd(16)}  below target: ${missed.join(', ')}; failing audits: ${failed.join(', ') || 'none binary'}`,
      );
    }
  }
  console.log(
    `\ntargets (median of ${RUNS}): performance >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs / 1000} s, CLS <= ${TARGETS.cls}, accessibility, best practices and SEO ${TARGETS.seo}: ${missedPages.length ? `missed on ${missedPages.join(', ')}` : 'met on every page'}`,
  );
} finally {
  chrome.kill();
  await stack.stop();
}
