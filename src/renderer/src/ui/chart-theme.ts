// Charts draw on a canvas and want plain colours; the palette is written with light-dark(), so
// each colour is read off an element, and read again whenever the theme changes.
import type { DeepPartial, IChartApi, TimeChartOptions } from 'lightweight-charts';

/** The colour a CSS custom property resolves to inside `el`, as `rgb(…)`. */
export function themeColor(el: HTMLElement, name: string): string {
  const span = document.createElement('span');
  span.style.color = `var(${name})`;
  el.appendChild(span);
  const c = getComputedStyle(span).color;
  span.remove();
  return c;
}

/** Calls `paint` now and on every theme change (the OS scheme, or the one chosen in Settings); returns the unsubscribe. */
export function followTheme(paint: () => void): () => void {
  paint();
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', paint);
  const themed = new MutationObserver(paint);
  themed.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    scheme.removeEventListener('change', paint);
    themed.disconnect();
  };
}

/** The frame the price charts share: transparent, no vertical grid lines, borderless scales, times on the axis. */
export function chartFrame(height: number, margins: { top: number; bottom: number }): DeepPartial<TimeChartOptions> {
  return {
    height,
    autoSize: true,
    layout: { background: { color: 'transparent' }, attributionLogo: false },
    grid: { vertLines: { visible: false } },
    rightPriceScale: { borderVisible: false, scaleMargins: margins },
    timeScale: { borderVisible: false, timeVisible: true },
  };
}

/** The frame's colours from the theme inside `el`: axis text, horizontal grid lines, crosshair. */
export function paintFrame(chart: IChartApi, el: HTMLElement): void {
  const muted = themeColor(el, '--muted');
  chart.applyOptions({ layout: { textColor: muted }, grid: { horzLines: { color: themeColor(el, '--hair') } }, crosshair: { vertLine: { color: muted }, horzLine: { color: muted } } });
}
