/**
 * A Lambda-like root for one emulated function: the bundle read-only at /var/task, Node at /var/lang/bin/node, the
 * runner at /var/runtime, arm64 libraries at /lib64, a fresh /tmp as the only writable place, and nothing else: no
 * /etc but the user database, no /usr/share/fonts, no system fonts of any kind, so a bundle that needs a file it does
 * not carry fails here. The code runs as Lambda's sandbox user (uid 993, home /home/sbx_user1051, which does not exist).
 * The network is shared with the host so the handlers reach DynamoDB Local on 127.0.0.1.
 */
import type { Emulator } from './emulator.ts';

export interface SandboxSpec {
  /** the function's asset directory in cdk.out */
  taskDir: string;
  /** a host directory holding the runner, the job, and the passwd and group files (mounted read-only at /var/runtime) */
  runtimeDir: string;
  env: Record<string, string>;
  /** argv after `node`, as seen inside the sandbox */
  nodeArgs: string[];
}

/** The Lambda runtime's own variables (the function's come from the template). */
export const LAMBDA_RUNTIME_ENV = {
  LAMBDA_TASK_ROOT: '/var/task',
  LAMBDA_RUNTIME_DIR: '/var/runtime',
  PATH: '/var/lang/bin:/usr/local/bin:/usr/bin:/bin:/opt/bin',
  LD_LIBRARY_PATH: '/var/lang/lib:/lib64:/usr/lib64:/var/runtime:/var/runtime/lib:/var/task:/var/task/lib:/opt/lib',
  LANG: 'en_US.UTF-8',
  TZ: ':UTC',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
} as const;

/**
 * Lambda's /etc/passwd knows the sandbox user: os.homedir() (which the AWS SDK calls to look for ~/.aws files) works
 * there without HOME, and fails with ENOENT where the user is unknown.
 */
export const LAMBDA_USER = { uid: 993, gid: 990, name: 'sbx_user1051' } as const;
export const USER_FILES = {
  passwd: `root:x:0:0:root:/root:/bin/bash\n${LAMBDA_USER.name}:x:${LAMBDA_USER.uid}:${LAMBDA_USER.gid}::/home/${LAMBDA_USER.name}:/sbin/nologin\n`,
  group: `root:x:0:\n${LAMBDA_USER.name}:x:${LAMBDA_USER.gid}:\n`,
} as const;

/** argv of bubblewrap running the arm64 Node under qemu inside the Lambda-like root. */
export function sandboxCommand(
  emu: Pick<Emulator, 'bwrap' | 'qemu' | 'sysrootLib' | 'node'>,
  spec: SandboxSpec,
): { command: string; args: string[] } {
  const env = Object.entries({ ...LAMBDA_RUNTIME_ENV, ...spec.env }).flatMap(([k, v]) => ['--setenv', k, v]);
  return {
    command: emu.bwrap,
    args: [
      '--unshare-user',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--die-with-parent',
      '--clearenv',
      '--uid',
      String(LAMBDA_USER.uid),
      '--gid',
      String(LAMBDA_USER.gid),
      '--ro-bind',
      emu.qemu,
      '/usr/bin/qemu-aarch64-static',
      '--ro-bind',
      emu.sysrootLib,
      '/lib64',
      // the arm64 Node's ELF interpreter is /lib/ld-linux-aarch64.so.1 (on Amazon Linux /lib leads to the same files)
      '--symlink',
      '/lib64',
      '/lib',
      '--ro-bind',
      emu.node,
      '/var/lang/bin/node',
      '--ro-bind',
      spec.taskDir,
      '/var/task',
      '--ro-bind',
      spec.runtimeDir,
      '/var/runtime',
      '--ro-bind',
      `${spec.runtimeDir}/passwd`,
      '/etc/passwd',
      '--ro-bind',
      `${spec.runtimeDir}/group`,
      '/etc/group',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--tmpfs',
      '/tmp',
      '--remount-ro',
      '/',
      '--chdir',
      '/var/task',
      ...env,
      '/usr/bin/qemu-aarch64-static',
      '/var/lang/bin/node',
      ...spec.nodeArgs,
    ],
  };
}
