// Runs one function's handler as Lambda would, once per event of a job, in a fresh process (one cold start):
//   node lambda-runner.mjs <module> <export> <job.json>
// <module> is a file, or (as Lambda's Handler "index.handler" names it) a path without extension: .js, .mjs, .cjs.
// job.json: { "functionName": "...", "memoryMb": 1024, "timeoutSeconds": 29, "events": [ {...}, ... ] }
// The timings and results go to file descriptor 3 as one JSON document, so the handler's own logs on stdout and
// stderr cannot mix with them. Plain JavaScript: it runs on the arm64 Node 22 in the sandbox and on the host's Node.
import { existsSync, readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [moduleArg, exportName, jobPath] = process.argv.slice(2);
const modulePath = existsSync(moduleArg)
  ? moduleArg
  : ['.js', '.mjs', '.cjs'].map((ext) => moduleArg + ext).find(existsSync);
const job = JSON.parse(readFileSync(jobPath, 'utf8'));
const out = { arch: process.arch, node: process.version, importMs: 0, invocations: [] };

const context = (i) => ({
  functionName: job.functionName,
  functionVersion: '$LATEST',
  memoryLimitInMB: String(job.memoryMb),
  awsRequestId: `verify-${i}`,
  invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${job.functionName}`,
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => job.timeoutSeconds * 1000,
});

try {
  if (!modulePath)
    throw new Error(`no ${moduleArg}.js, .mjs or .cjs: the Handler names a file the bundle does not have`);
  const t0 = performance.now();
  const mod = await import(pathToFileURL(modulePath).href);
  out.importMs = performance.now() - t0;
  const handler = mod[exportName];
  if (typeof handler !== 'function') throw new Error(`${modulePath} exports no function "${exportName}"`);
  for (const [i, event] of job.events.entries()) {
    const t = performance.now();
    const result = await handler(event, context(i));
    out.invocations.push({ ms: performance.now() - t, result });
  }
} catch (error) {
  out.error = String(error?.stack ?? error);
}
// peak resident memory of this process (under qemu it includes the emulator's own, so it is meaningful on the host only)
out.maxRssMb = process.resourceUsage().maxRSS / 1024;
writeSync(3, JSON.stringify(out));
process.exit(0);
