/**
 * How every spec's Chromium is launched: Debian's Chromium and the flags of a quiet test browser.
 * playwright.config.ts uses it for the shared browser; specs that launch their own (a fake camera,
 * a persistent profile) start from it too.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
