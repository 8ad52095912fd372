/**
 * `npm run bench:web`: builds the SPA, prints the gzip size of the initial JS and CSS and of every lazy chunk, then runs
 * Lighthouse (mobile preset, Debian Chromium) on /, /pricing and /auth of the production build served by the local stack.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startLocalStack } from '../infra/local/stack.ts';

const DIST = join(REPO_ROOT, 'dist', 'web');
const PAGES = ['/', '/pricing', '/auth'];
const TARGETS = { initialJsKb: 170, performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function bundleSizes() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
  const assets = readdirSync(join(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `assets/${f}`);
  let initialJs = 0;
  let initialCss = 0;
  console.log('\nBundle (gzip -9):');
  for (const asset of assets.sort()) {
    const size = gzipSize(join(DIST, asset));
    const isInitial = initial.has(asset);
    if (isInitial && asset.endsWith('.js')) initialJs += size;
    if (isInitial && asset.endsWith('.css')) initialCss += size;
    console.log(`  ${isInitial ? 'initial' : 'lazy   '}  ${kb(size).padStart(7)} KB  ${asset} (${kb(statSync(join(DIST, asset)).size)} KB raw)`);
  }
  console.log(`initial JS ${kb(initialJs)} KB gzip (target <= ${TARGETS.initialJsKb} KB: ${initialJs / 1024 <= TARGETS.initialJsKb ? 'met' : 'NOT met'}), initial CSS ${kb(initialCss)} KB gzip`);
}

async function audit(url: string, port: number) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', formFactor: 'mobile', screenEmulation: undefined }, undefined);
  const lhr = result!.lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audits = lhr.audits;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
    tbt: audits['total-blocking-time']?.displayValue ?? '?',
    cls: audits['cumulative-layout-shift']?.displayValue ?? '?',
    failed: Object.values(lhr.categories).flatMap((c) => c.auditRefs)
      .map((ref) => audits[ref.id]!)
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

console.log('building the SPA (vite build)...');
execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
bundleSizes();

const dataDir = mkdtempSync(join(tmpdir(), 'hairline-bench-web-'));
const stack = await startLocalStack({ ports: { web: 0, gateway: 0, dynamodb: 0, cognito: 0, stripe: 0 }, dataDir, web: 'preview', quiet: true, inMemoryDb: true });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  console.log(`\nLighthouse ${JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset, production build at ${stack.urls.web}:`);
  console.log('page        perf  a11y  best  seo   LCP       TBT      CLS');
  for (const page of PAGES) {
    const r = await audit(`${stack.urls.web}${page}`, chrome.port);
    console.log(`${page.padEnd(10)}  ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r['best-practices']).padStart(4)}  ${String(r.seo).padStart(4)}  ${r.lcp.padEnd(8)}  ${r.tbt.padEnd(7)}  ${r.cls}`);
    const missed = (['performance', 'accessibility', 'best-practices', 'seo'] as const).filter((k) => r[k] < TARGETS[k]);
    if (missed.length) console.log(`            below target: ${missed.join(', ')}; failing audits: ${r.failed.join(', ') || 'none binary'}`);
  }
} finally {
  await chrome.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
