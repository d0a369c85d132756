// The event chart's lines: how many are drawn, and each one's colour from the theme's series
// palette (tokens.css). Apart from the chart, so the page knows them before the chart loads.

/** Lines drawn at most (the palette's size): the likeliest outcomes. */
export const MAX_SERIES = 8;

/** The CSS variable of the i-th line's colour. */
export const seriesVar = (i: number): string => `--series-${(i % MAX_SERIES) + 1}`;
