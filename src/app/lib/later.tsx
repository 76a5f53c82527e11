import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Parts of a long page drawn after its first screen, one per task, in the order they were placed.
 * A long form drawn in one go holds a slow phone's main thread for most of
 * a second (Lighthouse's blocking time), and its first screen paints only when the last field is
 * drawn; in steps, the first screen paints early and input is never held long. Each part is drawn
 * on its own, without drawing again what is already there, and every part is there a moment later.
 */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  // 'waiting' in the queue, 'drawing' (asked to show, not on the page yet), or 'done'.
  const stage = useRef<'waiting' | 'drawing' | 'done'>('waiting');
  useEffect(() => {
    let mounted = true;
    waiting.push(() => {
      if (!mounted) return false;
      stage.current = 'drawing';
      startTransition(() => setShown(true));
      return true;
    });
    drawNextSoon();
    return () => {
      mounted = false;
      // Gone before it was drawn (the page was left): the parts behind it must not wait for it.
      if (stage.current === 'drawing') partDrawn();
    };
  }, []);
  useEffect(() => {
    if (!shown || stage.current === 'done') return;
    stage.current = 'done';
    partDrawn();
  }, [shown]);
  return shown ? children : null;
}

/** The parts waiting, in the order they were placed; each says whether it was still there to draw. */
const waiting: (() => boolean)[] = [];
/** A part is being drawn: the next one waits until it is on the page, then gets a task of its own. */
let drawing = false;

function partDrawn() {
  drawing = false;
  drawNextSoon();
}

function drawNextSoon() {
  setTimeout(() => {
    while (!drawing && waiting.length) drawing = waiting.shift()!();
  });
}
