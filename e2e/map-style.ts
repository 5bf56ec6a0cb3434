/**
 * Where the journeys' server says its map style is. The journeys answer it from a local style in
 * the browser, so the map never asks a tile provider for anything.
 */
export const MAP_STYLE_PATH = '/e2e/map-style.json';
