import type { Surface, VenueContext } from '../http.js';

export function registerReads(_s: Surface, _ctx: VenueContext): void {}
