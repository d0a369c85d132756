// When the first market row is painted, recorded inside the page: a mutation observer sees the
// row enter the DOM and the next animation frame stamps it. Asking the page from the driver
// (waitForSelector) adds the driver's polling and its round trips, 0.1-0.4 s while a first start
// keeps both cores busy.
import type { Page } from 'playwright-core';

// A string, so no bundler helpers leak into the page.
const PROBE = `new MutationObserver((_, obs) => {
  if (!document.querySelector('[data-testid=market-row]')) return;
  obs.disconnect();
  requestAnimationFrame(() => { window.kairosFirstRow = performance.now(); });
}).observe(document, { subtree: true, childList: true });`;

/** Installs the probe for every navigation of `page` from now on. */
export async function watchFirstRow(page: Page): Promise<void> {
  await page.addInitScript(PROBE);
}

/** Waits for the frame after the first row of the current navigation: ms from its start, and that frame's wall-clock time. */
export async function firstRowFrame(page: Page, timeout = 30_000): Promise<{ sinceNavigation: number; epochMs: number }> {
  await page.waitForFunction(() => (window as unknown as { kairosFirstRow?: number }).kairosFirstRow !== undefined, null, { timeout });
  return page.evaluate(() => {
    const at = (window as unknown as { kairosFirstRow: number }).kairosFirstRow;
    return { sinceNavigation: at, epochMs: performance.timeOrigin + at };
  });
}
