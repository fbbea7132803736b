// Typed errors of the library. Bad file content never throws: it becomes warnings. These errors
// are for calls that cannot go on at all (invalid options, a file that is not a layer file).

export type GerberErrorCode = 'invalid-options' | 'unknown-filetype' | 'unsupported-filetype';

export class GerberError extends Error {
  readonly code: GerberErrorCode;

  constructor(code: GerberErrorCode, message: string) {
    super(message);
    this.name = 'GerberError';
    this.code = code;
  }
}

export function isGerberError(value: unknown): value is GerberError {
  return value instanceof GerberError;
}
