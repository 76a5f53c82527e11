import { JSDOM } from 'jsdom';

// The page's globals from a jsdom window, for the app tests that run the real server in-process:
// the server code needs Node's environment (file URLs), so these files run in `node` and make the
// DOM React renders into here. Call it before importing React or the app.
export function installDom(): JSDOM {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://lab.test/' });
  for (const [key, value] of Object.entries({
    window: dom.window,
    document: dom.window.document,
    navigator: dom.window.navigator,
    location: dom.window.location,
    localStorage: dom.window.localStorage,
  })) {
    Object.defineProperty(globalThis, key, { configurable: true, writable: true, value });
  }
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in globalThis) continue;
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get: () => (dom.window as unknown as Record<string, unknown>)[key],
    });
  }
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  return dom;
}
