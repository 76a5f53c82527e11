import { Component, lazy, Suspense, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/*
 * Code fetched when it is first wanted rather than with its page, in one place: a page's start
 * budget leaves out what a visitor may never use. `fetchOnce` is the one
 * mechanism; the rest are its uses, by when the code is wanted: a menu or dialog behind a button
 * (`onDemand`), a part of the screen the screen can do without (`optionalPart`), a form's check
 * (`onDemandResolver`); lib/toast-later.ts fetches the toasts' library with the first toast.
 */

/**
 * `load` run at most once at a time and its result kept: every later call gets the same promise,
 * and `loaded()` the value once it is here. A failed fetch (offline before the service worker held
 * the chunk) is forgotten, so the next call tries again.
 */
export function fetchOnce<T>(load: () => Promise<T>) {
  let value: { loaded: T } | undefined;
  let loading: Promise<T> | undefined;
  const fetch = () =>
    (loading ??= load().then(
      (loaded) => {
        value = { loaded };
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(fetch, { loaded: () => value?.loaded });
}

/**
 * A component fetched when the user first reaches for it, not with its page: a menu or a dialog
 * behind a button costs its Radix primitives (focus trap, floating positioning) in the start
 * budget of the sign-in page and the order form. The page shows a plain
 * button of the same look; pointing at it or focusing it starts the fetch, pressing it opens the
 * real component. Once fetched, every later use gets it at once.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const fetchComponent = fetchOnce(load);

  /**
   * `Component` is the real one once fetched (null before); `opened` says the user pressed the
   * plain button, so the real one should open at once; `prefetch` and `open` go on the plain button.
   */
  function useOnDemand() {
    const [component, setComponent] = useState<ComponentType<Props> | null>(() => fetchComponent.loaded() ?? null);
    const [opened, setOpened] = useState(false);
    const prefetch = useCallback(() => {
      fetchComponent().catch(() => undefined);
    }, []);
    const open = useCallback(() => {
      fetchComponent().then(
        (fetched) => {
          setOpened(true);
          setComponent(() => fetched);
        },
        () => undefined,
      );
    }, []);
    return { Component: component, opened, prefetch, open };
  }

  return useOnDemand;
}

/**
 * What the plain button of an on-demand menu or dialog carries until the real one is fetched: closed,
 * as the real button says; pointing at it or focusing it fetches the real one; pressing it opens it,
 * and for a menu the arrow down too, as the menu's own button does.
 */
export function popupButtonProps(
  popup: 'menu' | 'dialog',
  { prefetch, open }: { prefetch: () => void; open: () => void },
) {
  return {
    'aria-haspopup': popup,
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: open,
    onKeyDown: (event: { key: string; preventDefault: () => void }) => {
      if (popup !== 'menu' || event.key !== 'ArrowDown') return;
      event.preventDefault();
      open();
    },
  } as const;
}

/** A failed fetch of a part's code, told apart from an error of the part itself (which still throws). */
class PartCodeUnavailable extends Error {}

/**
 * A part of a screen whose code is fetched as it mounts, and that the screen can do without (the
 * header's sync indicator, the live notifications). When the network drops after the first paint
 * and before its chunk arrives, on a first visit the service worker has not stored yet, the import
 * fails. React.lazy would throw that into the route's error boundary and replace the whole screen,
 * bench list and all, with "Something went wrong!". The part renders nothing instead, and fetches
 * its code again once the browser is back online.
 */
export function optionalPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const fetchPart = fetchOnce(load);
  // React.lazy keeps a failed import for good: a new one is made to fetch the code again.
  const lazyPart = () =>
    lazy(() =>
      fetchPart().then(
        (part) => ({ default: part }),
        (cause: unknown) => {
          throw new PartCodeUnavailable('the code of a part of the screen could not be fetched', { cause });
        },
      ),
    );
  let Part = lazyPart();

  return class OptionalPart extends Component<Props, { error: unknown }> {
    override state = { error: undefined as unknown };

    static getDerivedStateFromError(error: unknown) {
      return { error };
    }

    override componentDidMount() {
      window.addEventListener('online', this.retry);
    }

    override componentWillUnmount() {
      window.removeEventListener('online', this.retry);
    }

    retry = () => {
      if (!(this.state.error instanceof PartCodeUnavailable)) return;
      Part = lazyPart();
      this.setState({ error: undefined });
    };

    override render(): ReactNode {
      const { error } = this.state;
      if (error instanceof PartCodeUnavailable) return null;
      if (error !== undefined) throw error;
      return (
        <Suspense fallback={null}>
          <Part {...this.props} />
        </Suspense>
      );
    }
  };
}

/**
 * A form resolver fetched on the form's first check, not with its page: zod and a schema cost more
 * than a small public page itself. The first check waits for the chunk; every later one reuses it.
 */
export function onDemandResolver<Values extends FieldValues, Context = unknown, Output = Values>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): Resolver<Values, Context, Output> {
  const fetchResolver = fetchOnce(load);
  return async (values, context, options) => (await fetchResolver())(values, context, options);
}
