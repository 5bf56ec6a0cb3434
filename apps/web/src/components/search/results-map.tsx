import type { SearchResult } from '@campwise/contract/search';
import { Alert, Box, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { LngLatBounds, Map as MapLibreMap, Marker, Popup } from 'maplibre-gl';
// Its own stylesheet, asked for with the map: in the one stylesheet every page waits for, its
// 70 KB held back the first paint of pages that never show a map.
import mapStylesUrl from 'maplibre-gl/dist/maplibre-gl.css?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { campPlaceText } from '../camps/camp-text.ts';
import { spotsLeftText } from '../registrations/registration-text.ts';
import { addCountiesWhenZoomed, OUTLINES_MAX_FIT_ZOOM, outlineStyle } from './outline-style.ts';
import classes from './results-map.module.css';

interface ResultsMapProps {
  /** Full tiles from a provider; without one, the bundled outlines of states and counties. */
  styleUrl: string | null;
  results: SearchResult[];
  /** Opens a camp's page from its marker's popup, with the results as the way back. */
  onOpen: (campId: number) => void;
}

/** A popup's contents, built as elements so no camp text is ever read as markup. */
function popupContent(result: SearchResult, onOpen: (campId: number) => void): HTMLElement {
  const box = document.createElement('div');
  const link = document.createElement('a');
  link.href = `/camps/${result.id}`;
  link.textContent = result.name;
  link.className = classes.popupLink ?? '';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    onOpen(result.id);
  });
  const facts = document.createElement('p');
  facts.textContent = `${campPlaceText(result)} · ${spotsLeftText(result)}`;
  facts.className = classes.popupFacts ?? '';
  box.append(link, facts);
  return box;
}

/**
 * A pin per camp with a place, and the map fitted to them, zoomed in at most to `maxZoom`: the
 * outlines have nothing to show inside a county, so there the map stops where borders still do.
 */
function placePins(
  map: MapLibreMap,
  placed: SearchResult[],
  onOpen: (campId: number) => void,
  maxZoom: number,
) {
  const bounds = new LngLatBounds();
  // One popup, moved to whichever pin was chosen last. The pin's click also reaches the map,
  // so closing on map clicks would shut it at once: it closes with its button instead.
  const popup = new Popup({ offset: 18, closeButton: true, closeOnClick: false });
  for (const result of placed) {
    const position: [number, number] = [result.longitude ?? 0, result.latitude ?? 0];
    bounds.extend(position);
    const pin = document.createElement('button');
    pin.type = 'button';
    pin.className = classes.pin ?? '';
    pin.setAttribute('aria-label', result.name);
    pin.dataset.campId = String(result.id);
    new Marker({ element: pin }).setLngLat(position).addTo(map);
    // Opened from the pin's own click, which a mouse, a tap and the keyboard all send.
    pin.addEventListener('click', () => {
      popup.setLngLat(position).setDOMContent(popupContent(result, onOpen)).addTo(map);
    });
  }
  if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 48, maxZoom, duration: 0 });
}

/**
 * The results with a place, as markers on the configured map or the bundled outlines; virtual
 * camps stay in the list.
 * Each marker is a button named after its camp, so the map works from the keyboard too.
 */
export default function ResultsMap({ styleUrl, results, onOpen }: ResultsMapProps) {
  const container = useRef<HTMLElement>(null);
  // Why there is no map: the device draws none (no WebGL), or its outlines did not arrive.
  const [failed, setFailed] = useState<'device' | 'outlines' | null>(null);
  const placed = useMemo(
    () => results.filter((result) => result.latitude !== null && result.longitude !== null),
    [results],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap | null = null;
    let closed = false;
    const draw = async () => {
      const style = styleUrl ?? (await outlineStyle().catch(() => null));
      if (closed) return;
      if (style === null) {
        setFailed('outlines');
        return;
      }
      map = new MapLibreMap({ container: element, style, attributionControl: { compact: true } });
      if (styleUrl === null) addCountiesWhenZoomed(map);
      placePins(map, placed, onOpen, styleUrl === null ? OUTLINES_MAX_FIT_ZOOM : 12);
    };
    // No WebGL on this device: the list still has every camp.
    draw().catch(() => setFailed('device'));
    return () => {
      closed = true;
      map?.remove();
    };
  }, [styleUrl, placed, onOpen]);

  if (failed) {
    return (
      <Alert variant="light" color="gray" icon={<IconMapOff aria-hidden />}>
        {failed === 'device'
          ? 'This device cannot show the map. The list has every camp.'
          : 'The map could not be loaded just now. The list has every camp.'}
      </Alert>
    );
  }
  return (
    <Box>
      {/* React puts it in the head and shows the map once it has loaded. */}
      <link rel="stylesheet" href={mapStylesUrl} precedence="map" />
      <section ref={container} className={classes.map} aria-label="Map of the results" />
      {placed.length < results.length ? (
        <Text size="sm" c="gray.7" mt="xs">
          {results.length - placed.length} virtual{' '}
          {results.length - placed.length === 1 ? 'camp is' : 'camps are'} only in the list.
        </Text>
      ) : null}
    </Box>
  );
}
