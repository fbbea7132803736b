import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type ContractFormOptions, useFormWithResolver } from './contract-form.ts';

/** Loads a form's schema: a module-level function, so that each form loads it once. */
export type SchemaLoader<S extends z.ZodObject> = () => Promise<S>;

/** The resolver of a schema still to be loaded, with the zod resolver; both loaded once. */
function lazyResolver(loadSchema: SchemaLoader<z.ZodObject>) {
  let loaded: Promise<Resolver<FieldValues>> | undefined;
  const load = () => {
    loaded ??= Promise.all([
      import('@hookform/resolvers/zod').then((module) => module.zodResolver),
      loadSchema(),
    ]).then(([zodResolver, schema]) => zodResolver(schema) as Resolver<FieldValues>);
    // A failed download is tried again by the next check.
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  };
  const resolver: Resolver<FieldValues> = async (values, context, options) =>
    (await load())(values, context, options);
  return { resolver, load };
}

const resolvers = new WeakMap<SchemaLoader<z.ZodObject>, ReturnType<typeof lazyResolver>>();

function resolverFor(loadSchema: SchemaLoader<z.ZodObject>) {
  let made = resolvers.get(loadSchema);
  if (!made) {
    made = lazyResolver(loadSchema);
    resolvers.set(loadSchema, made);
  }
  return made;
}

/**
 * useContractForm for the pages a visitor opens first (log in, register, password reset): the
 * schema, the contracts and zod behind it are loaded by the first keystroke (or the first
 * submit, which waits for them), not with the page. The fields are those of the default values.
 */
export function useLazyContractForm<S extends z.ZodObject>(
  loadSchema: SchemaLoader<S>,
  options: ContractFormOptions<S>,
) {
  const lazy = resolverFor(loadSchema as SchemaLoader<z.ZodObject>);
  const result = useFormWithResolver<S>(
    lazy.resolver,
    Object.keys(options.defaultValues as object),
    options,
  );
  const { form } = result;
  useEffect(() => {
    const subscription = form.watch(() => {
      subscription.unsubscribe();
      lazy.load().catch(() => undefined);
    });
    return () => subscription.unsubscribe();
  }, [form, lazy]);
  return result;
}
