import NProgress from 'nprogress';

// The thin top bar during route loads: starts at 0.08 and trickles every 800 ms, no spinner in the
// bar (the loading view draws its own centred spinner).
NProgress.configure({ minimum: 0.08, trickleSpeed: 800, showSpinner: false });

export function startProgress() {
  NProgress.start();
}

export function finishProgress() {
  NProgress.done();
}
