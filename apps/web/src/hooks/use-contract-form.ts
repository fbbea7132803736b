import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type ContractFormOptions, useFormWithResolver } from './contract-form.ts';

/**
 * A form checked by the contract's request schema before it is sent, showing what the server
 * answers on the fields it names (or above the form), the way every form of the app behaves.
 */
export function useContractForm<S extends z.ZodObject>(schema: S, options: ContractFormOptions<S>) {
  const resolver = zodResolver(schema as z.ZodObject) as Resolver<FieldValues>;
  return useFormWithResolver<S>(resolver, Object.keys(schema.shape), options);
}
