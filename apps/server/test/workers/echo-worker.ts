import { parentPort } from 'node:worker_threads';

// A worker for the pool tests: echoes, fails, crashes or hangs as the task says.
type Task = { type: 'echo' | 'fail' | 'crash' | 'hang'; value?: number; delayMs?: number };

parentPort!.on('message', (task: Task) => {
  const reply = () => {
    if (task.type === 'echo') parentPort!.postMessage({ ok: true, result: { value: task.value } });
    else if (task.type === 'fail') parentPort!.postMessage({ ok: false, message: 'bad input' });
    else if (task.type === 'crash') throw new Error('boom');
  };
  if (task.type === 'hang') return;
  setTimeout(reply, task.delayMs ?? 0);
});
