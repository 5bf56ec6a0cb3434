-- A search with words near a ZIP asks the text index for both (docs/decisions/039): each camp's
-- place is also a cell of three grids (0.2, 1 and 5 degrees, PLACE_CELL_DEGREES in
-- src/platform/geo.ts, which names the cells a search reads the same way), indexed with its
-- words; a virtual camp's one cell is 'virtual'. The planner knows how many camps a cell
-- holds, where it can only guess for a cube.
CREATE OR REPLACE FUNCTION camp_place_cells(latitude float8, longitude float8) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT pg_catalog.array_to_tsvector(ARRAY[
    'p0/' || floor(latitude / 0.2::float8)::int || '/' || floor(longitude / 0.2::float8)::int,
    'p1/' || floor(latitude / 1::float8)::int || '/' || floor(longitude / 1::float8)::int,
    'p2/' || floor(latitude / 5::float8)::int || '/' || floor(longitude / 5::float8)::int])
$$;--> statement-breakpoint
DROP INDEX "camps_search_idx";--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "place_cells" "tsvector" GENERATED ALWAYS AS (case when is_virtual then 'virtual'::tsvector else camp_place_cells(latitude, longitude) end) STORED;--> statement-breakpoint
CREATE INDEX "camps_search_idx" ON "camps" USING gin ("search_vector","place_cells");
