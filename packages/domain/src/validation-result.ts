/** One broken rule: the field to point at (a dotted path for nested fields) and what to tell the user. */
export type FieldError<Field extends string = string> = { field: Field; message: string };

export type ValidationResult<Field extends string = string> = {
  valid: boolean;
  errors: FieldError<Field>[];
};

export function validationResult<Field extends string>(
  errors: FieldError<Field>[],
): ValidationResult<Field> {
  return { valid: errors.length === 0, errors };
}

/**
 * Field errors as the API's 422 body wants them (one message per field). Messages that land on
 * the same field are joined with a line break so none is lost.
 */
export function toFieldMessages(errors: readonly FieldError[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const { field, message } of errors) {
    const previous = messages[field];
    messages[field] = previous === undefined ? message : `${previous}\n${message}`;
  }
  return messages;
}
