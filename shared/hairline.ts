/**
 * Reference points of the front-view measurements and the overlay's colours: one copy for the engine's words and
 * drawing and for the web app's explanations and legend, so the two never contradict each other.
 */

/** midline forehead height of a full hairline (median of the level-1 dev portraits), and of advanced loss, in middle facial thirds */
export const FOREHEAD_REFERENCE = { full: 0.8, advancedLoss: 1.2 } as const;
/** temple corners this much higher than the midline hairline (face units) read as slight, then clear recession */
export const TEMPLE_BANDS = { slight: 0.04, clear: 0.12 } as const;
/** the overlay: traced hairline, temple corners and forehead ruler, measured zones */
export const OVERLAY_COLOURS = { hairline: '#f43f5e', marker: '#facc15', zone: '#2dd4bf' } as const;
