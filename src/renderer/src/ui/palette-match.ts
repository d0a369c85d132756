// The palette matches a command by the label it shows, so whatever is read on a row can be typed
// to find it ("Theme: dark", "theme dark", "dark", "go to orders").

/** Every word typed appears in the shown label, case aside; nothing typed matches everything. */
export function labelMatches(label: string, query: string): boolean {
  const shown = label.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => shown.includes(word));
}
