import NProgress from 'nprogress';

// The thin top bar during route loads: starts at 0.08 and trickles every 800 ms, no spinner in the
// bar (the loading view draws its own centred spinner). The template is NProgress's own without its
// role="bar", which is no ARIA role (axe: aria-roles); the bar is decoration, hidden from readers.
// NProgress finds its bar by `barSelector` (by default `[role="bar"]`): without it every route load throws.
NProgress.configure({
  barSelector: '.bar',
  minimum: 0.08,
  trickleSpeed: 800,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

export function startProgress() {
  NProgress.start();
}

export function finishProgress() {
  NProgress.done();
}
