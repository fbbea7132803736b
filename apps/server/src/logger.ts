import { pino } from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout; secrets never reach them. */
export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
