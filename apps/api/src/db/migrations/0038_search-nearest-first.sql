-- Search near a ZIP hands out camps nearest first from an index (docs/decisions/039). A place
-- is a point on the unit sphere, a cube of three coordinates: the straight-line distance
-- between two such points grows with the distance along the earth, so GiST's nearest-first
-- order (<->) is the order of miles, and a cube around the searched place holds its circle.
-- Named with its schema: an index expression is evaluated with a search path of pg_catalog only.
CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION geo_unit_point(latitude float8, longitude float8) RETURNS cube
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT public.cube(ARRAY[cos(radians(latitude)) * cos(radians(longitude)),
    cos(radians(latitude)) * sin(radians(longitude)), sin(radians(latitude))])
$$;--> statement-breakpoint
DROP INDEX "camps_listed_place_idx";--> statement-breakpoint
CREATE INDEX "camps_listed_near_idx" ON "camps" USING gist (geo_unit_point("latitude", "longitude")) WHERE "camps"."listed" and "camps"."session_count" > 0 and not "camps"."is_virtual";
