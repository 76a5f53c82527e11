import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver fetched on the form's first check, not with its page: zod and a schema cost more
 * than a small public page itself (the sign-in page's start budget, docs/performance.md). The
 * first check waits for the chunk; every later one reuses it.
 */
export function lazyResolver<Values extends FieldValues, Context = unknown, Output = Values>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): Resolver<Values, Context, Output> {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    const resolver = await loading.catch((error: unknown) => {
      loading = undefined; // offline before the service worker held it: try again on the next check
      throw error;
    });
    return resolver(values, context, options);
  };
}
