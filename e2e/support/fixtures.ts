import { test as base, expect } from '@playwright/test';
import { AppServer } from './app-server.ts';
import { Mailbox } from './mailbox.ts';

interface WorkerFixtures {
  /** TOKEN_TTL of the worker's server: the idle time after which a session expires. */
  tokenTtl: string;
  mailbox: Mailbox;
  appServer: AppServer;
}

export const DEMO_PASSWORD = 'circuits-demo';
export const DEMO_EDITOR = 'editor@northwind.example';

export const test = base.extend<object, WorkerFixtures>({
  tokenTtl: ['7d', { scope: 'worker', option: true }],
  mailbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
    async ({}, use) => {
      const mailbox = new Mailbox();
      await mailbox.start();
      await use(mailbox);
      await mailbox.stop();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ mailbox, tokenTtl }, use, workerInfo) => {
      const server = await AppServer.start({
        smtpUrl: mailbox.url,
        tokenTtl,
        logFile: `${workerInfo.project.outputDir}/server-worker-${workerInfo.workerIndex}.log`,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.baseUrl);
  },
});

export { expect };
