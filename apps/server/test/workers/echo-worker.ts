import { sendReply, serveTasks, workerData } from '../../src/lib/worker-pool.ts';

// A worker for the pool tests: echoes, fails, crashes, hangs or fills its memory as the task says.
type Task = {
  type: 'echo' | 'fail' | 'crash' | 'hang' | 'hog' | 'data';
  value?: number;
  delayMs?: number;
};

const hoard: number[][] = [];

serveTasks<Task, { value: number }>((task) => {
  const reply = () => {
    if (task.type === 'echo') sendReply({ ok: true, result: { value: task.value ?? -1 } });
    else if (task.type === 'data') {
      const value = (workerData() as { value?: number } | undefined)?.value ?? -1;
      sendReply({ ok: true, result: { value } });
    } else if (task.type === 'fail') sendReply({ ok: false, message: 'bad input' });
    else if (task.type === 'crash') throw new Error('boom');
  };
  if (task.type === 'hang') return undefined;
  if (task.type === 'hog') {
    // Keeps every array: the heap grows until the worker's memory limit stops it.
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, index) => index + 0.5));
  }
  setTimeout(reply, task.delayMs ?? 0);
  return undefined;
});
