import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

// The server as `npm start` runs it: a separate process configured by environment variables,
// for tests of what happens around a process (start, stop, crash, several instances).

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

export type Started = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

export function run(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Waits until the process's standard output (or error, with `stream`) matches `pattern`; answers
 * the match. The two streams are separate pipes: what one shows says nothing about the other.
 */
export async function waitForOutput(
  started: Started,
  pattern: RegExp,
  timeoutMs = 60_000,
  stream: 'stdout' | 'stderr' = 'stdout',
): Promise<RegExpExecArray> {
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    const match = pattern.exec(started[stream]());
    if (match) return match;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not print ${pattern}:\n${started.stdout()}\n${started.stderr()}`);
}

export async function startedUrl(started: Started): Promise<string> {
  return (await waitForOutput(started, /Circuits is running at (http:\/\/\S+)/))[1]!;
}
