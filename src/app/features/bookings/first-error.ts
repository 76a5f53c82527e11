/** The control that edits `path`: an input by name, or an element marked `data-field` (checkboxes, lists). */
function controlOf(container: ParentNode, path: string): HTMLElement | null {
  // Inside a quoted attribute value only quotes and backslashes need escaping (jsdom has no CSS.escape).
  const escaped = path.replace(/["\\]/g, '\\$&');
  return (
    container.querySelector<HTMLElement>(`[data-field="${escaped}"]`) ??
    container.querySelector<HTMLElement>(`[name="${escaped}"]:not([aria-hidden="true"])`)
  );
}

/**
 * After a failed submit: scrolls to and focuses the first field in error in the order the page shows
 * them (not in the order the fields were drawn, which conditional sections upset).
 * Returns the element it focused.
 */
export function focusFirstError(container: ParentNode | null, paths: string[]): HTMLElement | undefined {
  if (!container) return undefined;
  const controls = paths.map((path) => controlOf(container, path)).filter((el): el is HTMLElement => el !== null);
  const [first] = controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  if (!first) return undefined;
  first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  first.focus({ preventScroll: true });
  return first;
}
