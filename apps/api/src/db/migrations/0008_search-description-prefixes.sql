-- Description words are indexed as typed as well as stemmed, as names are, so that a prefix
-- finds them: "dancin" is no prefix of the stem "danc", but it is of "dancing".
CREATE OR REPLACE FUNCTION camp_search_document(camp_name text, org_name text, city text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(camp_name, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(camp_name, '')), 'A')
      || setweight(to_tsvector('english', coalesce(org_name, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(org_name, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(city, '')), 'C')
      || setweight(to_tsvector('english', coalesce(description, '')), 'D')
      || setweight(to_tsvector('simple', coalesce(description, '')), 'D')
$$;--> statement-breakpoint
UPDATE camps SET search_vector = camp_search_document(
  name, (SELECT o.name FROM organizations o WHERE o.id = camps.org_id), city, description);
