import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { showServerErrors } from '../lib/form-errors.ts';

interface ContractFormOptions<S extends z.ZodObject> {
  defaultValues: DefaultValues<z.input<S> & FieldValues>;
  /** Sends the checked values; a rejected ApiError puts the server's messages on the form. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
}

/**
 * A form checked by the contract's request schema before it is sent, showing what the server
 * answers on the fields it names (or above the form), the way every form of the app behaves.
 */
export function useContractForm<S extends z.ZodObject>(
  schema: S,
  { defaultValues, onSubmit }: ContractFormOptions<S>,
) {
  type Input = z.input<S> & FieldValues;
  // The resolver's generics cannot follow a generic schema; its types are pinned here instead.
  const resolver = zodResolver(schema as z.ZodObject) as unknown as Resolver<
    Input,
    unknown,
    z.output<S>
  >;
  const form = useForm<Input, unknown, z.output<S>>({ resolver, defaultValues });
  const fields = Object.keys(schema.shape) as Path<Input>[];
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerErrors(error, form.setError, fields);
    }
  });
  return { form, submit };
}
