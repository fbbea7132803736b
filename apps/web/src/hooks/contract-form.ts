import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { showServerErrors } from '../lib/form-errors.ts';

export interface ContractFormOptions<S extends z.ZodObject> {
  defaultValues: DefaultValues<z.input<S> & FieldValues>;
  /** Sends the checked values; a rejected ApiError puts the server's messages on the form. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
}

/**
 * A form checked by a resolver made from the contract's request schema, showing what the server
 * answers on the fields it names (or above the form), the way every form of the app behaves.
 */
export function useFormWithResolver<S extends z.ZodObject>(
  resolver: Resolver<FieldValues>,
  fields: readonly string[],
  { defaultValues, onSubmit }: ContractFormOptions<S>,
) {
  type Input = z.input<S> & FieldValues;
  // The resolver's generics cannot follow a generic schema; its types are pinned here instead.
  const form = useForm<Input, unknown, z.output<S>>({
    resolver: resolver as unknown as Resolver<Input, unknown, z.output<S>>,
    defaultValues,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(error, form.setError, fields as Path<Input>[]);
    }
  });
  return { form, submit };
}
