import { type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

/** An input's registration with its current error message, spread onto a Mantine input. */
export function registerField<T extends FieldValues, TOutput>(
  form: UseFormReturn<T, unknown, TOutput>,
  name: Path<T>,
) {
  const error = get(form.formState.errors, name) as { message?: unknown } | undefined;
  const message = error?.message;
  return { ...form.register(name), error: typeof message === 'string' ? message : undefined };
}
