import type { Page } from '@playwright/test';

/** What is open over the page and judged on its own: a dialog, an alert dialog or a drawer. */
export const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * What sticks out sideways of the last element matching `selector` (an open dialog, a panel) on the
 * screen as it is: the element reaching past the viewport, it or a box inside it scrolling sideways,
 * a button, link, status or table cell in it ending past its edges, or a button or status whose words
 * are cut short. Hidden parts (a folded panel, words given way) are not judged.
 */
export async function clippedInside(page: Page, selector: string) {
  return page.evaluate((rootSelector) => {
    const width = document.documentElement.clientWidth;
    const root = [...document.querySelectorAll(rootSelector)].at(-1);
    if (!(root instanceof HTMLElement)) return [`nothing matches ${rootSelector}`];
    const words = (element: HTMLElement) =>
      (element.innerText || element.getAttribute('aria-label') || element.tagName).trim().slice(0, 30);
    const problems: string[] = [];
    const frame = root.getBoundingClientRect();
    if (frame.left < -1 || frame.right > width + 1)
      problems.push(`reaches past the screen: ${Math.round(frame.left)}–${Math.round(frame.right)} of ${width}px`);
    const page = document.scrollingElement;
    if (page && page.scrollWidth > page.clientWidth + 1)
      problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
    const left = Math.max(0, frame.left) - 1;
    const right = Math.min(width, frame.right) + 1;
    for (const box of [root, ...root.querySelectorAll('*')]) {
      if (!(box instanceof HTMLElement) || !box.checkVisibility()) continue;
      const { overflowX } = getComputedStyle(box);
      if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth + 1)
        problems.push(`${box.tagName.toLowerCase()} scrolls sideways: ${box.scrollWidth} > ${box.clientWidth}`);
    }
    const parts = root.querySelectorAll('button, a, [data-status], [data-slot="badge"], th, td');
    for (const part of parts) {
      if (!(part instanceof HTMLElement) || !part.checkVisibility()) continue;
      const rect = part.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < left || rect.right > right) problems.push(`"${words(part)}" ends outside`);
      const wordsAlone = part.tagName !== 'TH' && part.tagName !== 'TD';
      if (wordsAlone && part.scrollWidth > part.clientWidth + 1) problems.push(`"${words(part)}" cut short`);
    }
    return problems;
  }, selector);
}
