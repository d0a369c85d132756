// Charts draw on a canvas and want plain colours; the palette is written with light-dark(), so
// each colour is read off an element, and read again whenever the theme changes.

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
