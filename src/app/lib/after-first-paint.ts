import { startTransition, useEffect, useState } from 'react';

/**
 * True once the screen has painted and the browser is idle (at most `timeout` ms later; a timer
 * where the browser has no idle callback, as in Safari). For parts of a screen that the user needs
 * soon but not in the first paint: fetched earlier, their code competes with the screen's own for a
 * phone's few connections and bandwidth. What they draw is drawn as a transition: React works in
 * slices of a few milliseconds and the browser answers a tap between them, as for the first render
 * (main.tsx); an ordinary update would draw them all in one task, long on a phone.
 */
export function useAfterFirstPaint(timeout = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setReady(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(show, 200);
    return () => window.clearTimeout(timer);
  }, [timeout]);
  return ready;
}
