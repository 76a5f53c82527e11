import { useCallback, useState, type ComponentType } from 'react';

/**
 * A component fetched when the user first reaches for it, not with its page: a menu or a dialog
 * behind a button costs its Radix primitives (focus trap, floating positioning) in the start
 * budget of the sign-in page and the order form (docs/performance.md). The page shows a plain
 * button of the same look; pointing at it or focusing it starts the fetch, pressing it opens the
 * real component. Once fetched, every later use gets it at once.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;

  function fetchComponent() {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // offline before the service worker held it: the next press tries again
        throw error;
      },
    );
    return loading;
  }

  /**
   * `Component` is the real one once fetched (null before); `opened` says the user pressed the
   * plain button, so the real one should open at once; `prefetch` and `open` go on the plain button.
   */
  function useOnDemand() {
    const [component, setComponent] = useState<ComponentType<Props> | null>(() => loaded ?? null);
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
