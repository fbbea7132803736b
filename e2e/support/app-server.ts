import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.join(repositoryRoot, 'apps/web/dist/index.html');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode}; see ${logFile}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready within 90 s; see ${logFile}`);
}

export interface AppServerOptions {
  smtpUrl: string;
  tokenTtl: string;
  logFile: string;
}

/** The real server (the built web app, PGlite in a fresh temporary data folder). */
export class AppServer {
  readonly baseUrl: string;
  readonly #process: ChildProcess;
  readonly #dataDir: string;

  private constructor(baseUrl: string, process: ChildProcess, dataDir: string) {
    this.baseUrl = baseUrl;
    this.#process = process;
    this.#dataDir = dataDir;
  }

  static async start(options: AppServerOptions): Promise<AppServer> {
    if (!existsSync(webDist)) {
      throw new Error('The web app is not built: run `npm run build` before the journeys');
    }
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'circuits-e2e-'));
    await mkdir(path.dirname(options.logFile), { recursive: true });
    const log = createWriteStream(options.logFile);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: options.smtpUrl,
      TOKEN_TTL: options.tokenTtl,
      LOG_LEVEL: 'info',
    };
    // Always the embedded database in a fresh folder, so journeys start from the seeded state.
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    await waitUntilReady(baseUrl, child, options.logFile);
    return new AppServer(baseUrl, child, dataDir);
  }

  async stop(): Promise<void> {
    if (this.#process.exitCode === null) {
      const exited = new Promise((resolve) => this.#process.once('exit', resolve));
      this.#process.kill('SIGTERM');
      const timer = setTimeout(() => this.#process.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(this.#dataDir, { recursive: true, force: true });
  }
}
