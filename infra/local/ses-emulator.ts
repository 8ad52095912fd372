/**
 * The local SES: the npm package aws-ses-v2-local (SES v2 SendEmail and friends), in this process, on 127.0.0.1. Its
 * root page lists the mail sent (the reminder e-mails), and GET /store returns it as JSON (the integration tests).
 */
import type { Server } from 'node:http';
import sesServer from 'aws-ses-v2-local';
import { HOST } from './ports.ts';

export interface SesEmulator {
  url: string;
  close(): Promise<void>;
}

export async function startSesEmulator(port: number): Promise<SesEmulator> {
  // a CommonJS module: its default export arrives as the default or as the module itself, by loader
  const start = (sesServer as unknown as { default?: typeof sesServer }).default ?? sesServer;
  const server: Server = await start({ host: HOST, port });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${HOST}:${bound}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
