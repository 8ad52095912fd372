import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

/** Default ports of `npm start`; each can be overridden by its env var. Tests pass 0 to get free ones. */
export const DEFAULT_PORTS = {
  web: 5173,
  gateway: 3001,
  dynamodb: 8000,
  cognito: 9229,
  stripe: 12111,
  ses: 8005,
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;
export type Ports = Record<PortName, number>;

/** port 0 for every service: each takes a free one (the tests' stack, the benchmarks') */
export const ANY_FREE_PORTS: Ports = { web: 0, gateway: 0, dynamodb: 0, cognito: 0, stripe: 0, ses: 0 };

export const PORT_ENV: Record<PortName, string> = {
  web: 'WEB_PORT',
  gateway: 'GATEWAY_PORT',
  dynamodb: 'DYNAMODB_PORT',
  cognito: 'COGNITO_PORT',
  stripe: 'STRIPE_EMULATOR_PORT',
  ses: 'SES_PORT',
};

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): Ports {
  const ports = { ...DEFAULT_PORTS } as Ports;
  for (const name of Object.keys(DEFAULT_PORTS) as PortName[]) {
    const raw = env[PORT_ENV[name]];
    if (raw !== undefined && raw !== '') {
      const port = Number(raw);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error(`${PORT_ENV[name]} must be a port number, got '${raw}'`);
      ports[name] = port;
    }
  }
  return ports;
}

/** Binds port 0 and keeps the socket open, so that ports taken together are distinct. */
async function holdFreePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no port'));
      resolve({ port: address.port, release: () => new Promise<void>((ok) => server.close(() => ok())) });
    });
  });
}

/** Replaces every 0 by a free port, all distinct. */
export async function resolvePorts(ports: Ports): Promise<Ports> {
  const out = { ...ports };
  const held: { release: () => Promise<void> }[] = [];
  for (const name of Object.keys(out) as PortName[]) {
    if (out[name] !== 0) continue;
    const free = await holdFreePort();
    held.push(free);
    out[name] = free.port;
  }
  await Promise.all(held.map((h) => h.release()));
  return out;
}

export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, HOST);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not open port ${port} within ${timeoutMs} ms`);
}

export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(new Error(`port ${port} for ${what} is in use: stop the other process or set ${what}'s port env var`)),
    );
    server.listen(port, HOST, () => server.close(() => resolve()));
  });
}
