/**
 * `npm run bench:stack`: starts the whole local stack (fresh data folder, free ports) the way `npm start` does,
 * prints the time until every service answers and the resident memory of every process, then stops it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANY_FREE_PORTS } from '#infra/local/ports.ts';
import { startLocalStack } from '#infra/local/stack.ts';
import { numberArg, readArgs } from '#scripts/lib/cli.ts';
import { median } from '#shared/statistics.ts';

const USAGE = 'npm run bench:stack -- [runs]';
const runs = numberArg(USAGE, 'runs', readArgs(USAGE, {}).positionals[0], 3);

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* process ended */
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((a) => a.split('/').at(-1))
      .join(' ')
      .slice(0, 60);
  } catch {
    return '?';
  }
}

const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hairline-bench-'));
  const started = performance.now();
  const stack = await startLocalStack({
    ports: ANY_FREE_PORTS,
    dataDir,
    web: 'dev',
    quiet: true,
  });
  // ready = the web app and the API both answer
  await (await fetch(`${stack.urls.web}/`)).text();
  await (await fetch(`${stack.urls.gateway}/api/packages`)).text();
  const seconds = (performance.now() - started) / 1000;
  times.push(seconds);
  if (i === runs - 1) {
    await new Promise((r) => setTimeout(r, 2000));
    const pids = descendants(process.pid);
    let total = rssKb(process.pid);
    console.log(
      `  ${String(Math.round(rssKb(process.pid) / 1024)).padStart(5)} MB  orchestrator + Stripe emulator (node)`,
    );
    for (const pid of pids) {
      const kb = rssKb(pid);
      total += kb;
      if (kb > 0) console.log(`  ${String(Math.round(kb / 1024)).padStart(5)} MB  ${commandOf(pid)}`);
    }
    console.log(`whole stack resident memory: ${Math.round(total / 1024)} MB (idle, fresh data)`);
  }
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
console.log(
  `start to ready (web + API answering), ${runs} cold starts: median ${median(times).toFixed(1)} s, min ${times[0]!.toFixed(1)} s, max ${times.at(-1)!.toFixed(1)} s`,
);
