import type { GeoJSONSourceSpecification, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Served as files beside the map's chunk (hashed, cached for good), fetched only when a map shows.
import countiesUrl from 'us-atlas/counties-10m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';

/** The Census Bureau's outlines (public domain), credited like any map's source. */
const ATTRIBUTION = 'Outlines: U.S. Census Bureau';
/** Counties are drawn from this zoom in: a state's worth of them, not the country's 3,000 at once. */
const COUNTIES_FROM_ZOOM = 5;
/** Results in one town are shown with the counties around them, not zoomed into a blank county. */
export const OUTLINES_MAX_FIT_ZOOM = 8;

const colors = {
  water: '#dcebf5',
  land: '#f8f6f0',
  county: '#d9dde2',
  state: '#8f99a3',
} as const;

type StatesTopology = Topology<{ nation: GeometryCollection; states: GeometryCollection }>;
type CountiesTopology = Topology<{ counties: GeometryCollection; states: GeometryCollection }>;

async function topology<T>(url: string): Promise<T> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`The map outlines did not load (${answer.status}).`);
  return (await answer.json()) as T;
}

const geojson = (data: GeoJSONSourceSpecification['data']): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data,
  attribution: ATTRIBUTION,
});

/**
 * A base map with no tile provider (decision 072): the country's land, its state borders and,
 * zoomed in, its counties, from `us-atlas`. Used when no `MAP_STYLE_URL` names full tiles.
 */
export async function outlineStyle(): Promise<StyleSpecification> {
  const states = await topology<StatesTopology>(statesUrl);
  return {
    version: 8,
    sources: {
      land: geojson(feature(states, states.objects.nation)),
      // Borders between states only once each, not every state's whole outline.
      borders: geojson(mesh(states, states.objects.states, (a, b) => a !== b)),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': colors.state, 'line-width': 1 } },
      {
        id: 'state-borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': colors.state,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 8, 2],
        },
      },
    ],
  };
}

/**
 * Adds county borders under the state borders the first time the map is zoomed in far enough to
 * need them, so a country-wide view never fetches them.
 */
export function addCountiesWhenZoomed(map: MapLibreMap): void {
  let asked = false;
  let removed = false;
  map.on('remove', () => {
    removed = true;
  });
  const maybeAdd = () => {
    if (asked || map.getZoom() < COUNTIES_FROM_ZOOM) return;
    asked = true;
    topology<CountiesTopology>(countiesUrl)
      .then((counties) => {
        // The map may have been closed while they loaded.
        if (removed) return;
        map.addSource('counties', geojson(mesh(counties, counties.objects.counties, (a, b) => a !== b)));
        map.addLayer(
          {
            id: 'county-borders',
            type: 'line',
            source: 'counties',
            minzoom: COUNTIES_FROM_ZOOM,
            paint: { 'line-color': colors.county, 'line-width': 0.8 },
          },
          'state-borders',
        );
      })
      .catch(() => {
        // The states still show; counties are a nicety.
        asked = false;
      });
  };
  map.on('load', maybeAdd);
  map.on('zoomend', maybeAdd);
}
