// Titles in narrow list columns: rows that share a start and an end ("Will X say … call on
// December 9?") must not look alike, so a title too long for its room loses its middle, never
// its start or its end; the element's tooltip holds it whole.
import { useEffect, useState, type RefObject } from 'react';

/**
 * `text` in at most `max` characters: whole when it fits, else its start and its end joined by
 * "…", cut at spaces where one is near. The end keeps about two fifths of the room.
 */
export function fitMiddle(text: string, max: number): string {
  if (text.length <= max || max < 12) return text;
  // What is kept, besides the "… " that joins start and end.
  const room = max - 2;
  let tailAt = text.length - Math.round(room * 0.4);
  // The end starts at a word: the next one where it is near, else the one the cut fell in.
  const next = text.indexOf(' ', tailAt);
  const last = text.lastIndexOf(' ', tailAt);
  if (next !== -1 && next - tailAt < 6) tailAt = next + 1;
  else if (last !== -1 && tailAt - last < 16) tailAt = last + 1;
  const tail = text.slice(tailAt);
  let head = text.slice(0, room - tail.length);
  const cut = head.lastIndexOf(' ');
  if (cut > 0 && cut > head.length - 8) head = head.slice(0, cut);
  return `${head.trimEnd()}… ${tail}`;
}

/** About how many characters fit on `lines` lines of an element as wide as `el`'s (its font, a wide average glyph). */
export function useCharsPerLines(el: RefObject<HTMLElement | null>, lines: number): number {
  const [chars, setChars] = useState(0);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const measure = (): void => {
      const px = Number.parseFloat(getComputedStyle(node).fontSize) || 13;
      // 0.56 em is a wide average glyph of the UI font, and a line loses some room where it
      // wraps at a word: a guess that errs towards cutting.
      setChars(Math.max(0, Math.floor(node.clientWidth / (px * 0.56)) - 2) * lines);
    };
    measure();
    const seen = new ResizeObserver(measure);
    seen.observe(node);
    return () => seen.disconnect();
  }, [el, lines]);
  return chars;
}
