import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Child {
  name: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns a service in its own process group so that stopping it also stops what it started
 * (npx-style wrappers otherwise leave the real server running).
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { onLine?: (line: string) => void } = {},
): Child {
  const { onLine, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...spawnOptions });
  const forward = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        onLine?.(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
    });
  };
  forward(child.stdout);
  forward(child.stderr);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
