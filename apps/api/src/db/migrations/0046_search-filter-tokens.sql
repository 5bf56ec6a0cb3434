DROP INDEX "camps_search_idx";--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Every filter of a search as words of the text index (docs/decisions/050), so one bitmap scan
-- finds a search's matches whatever it filters on: 'm<month>' for each month it runs, 'a<age>' for each age it takes, 'k<id>' for each category,
-- and 'c<dollars>' for each price band its lowest price is within. The bands are PRICE_BANDS_DOLLARS
-- in src/modules/search/filter-tokens.ts, which asks for these words the same way.
CREATE FUNCTION camp_filter_tokens(months_mask integer, min_age integer, max_age integer,
  cost_cents integer, category_ids integer[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT pg_catalog.array_to_tsvector(ARRAY(
    SELECT 'm' || month FROM generate_series(1, 12) month
      WHERE months_mask & (1 << (month - 1)) <> 0
    UNION ALL SELECT 'a' || age FROM generate_series(greatest(min_age, 1), least(max_age, 99)) age
    UNION ALL SELECT 'k' || category FROM unnest(category_ids) category
    UNION ALL SELECT 'c' || band FROM unnest(ARRAY[0, 50, 100, 150, 200, 250, 300, 400, 500, 600, 750,
      1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000]) band
      WHERE cost_cents <= band * 100))
$$;--> statement-breakpoint
ALTER TABLE "camps" ADD COLUMN "filter_tokens" "tsvector" GENERATED ALWAYS AS (camp_filter_tokens(months_mask, min_age, max_age, cost_cents, category_ids)) STORED;--> statement-breakpoint
-- A camp's categories kept on the camp, so its filter words change with them. A camp whose
-- categories are already current (the scale seed writes them with the camp) is not written again.
CREATE FUNCTION recount_camp_categories(camp_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE camps c SET category_ids = counted.ids
  FROM (SELECT changed.id, coalesce((SELECT array_agg(cc.category_id ORDER BY cc.category_id)
      FROM camp_categories cc WHERE cc.camp_id = changed.id), '{}') AS ids
    FROM unnest(camp_ids) AS changed(id)) counted
  WHERE c.id = counted.id AND c.category_ids IS DISTINCT FROM counted.ids
$$;--> statement-breakpoint
CREATE FUNCTION camps_recount_categories() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_camp_categories(ARRAY(SELECT DISTINCT camp_id FROM changed));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camp_categories_added AFTER INSERT ON camp_categories
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION camps_recount_categories();--> statement-breakpoint
CREATE TRIGGER camp_categories_removed AFTER DELETE ON camp_categories
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION camps_recount_categories();--> statement-breakpoint
CREATE FUNCTION camps_recount_moved_categories() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_camp_categories(ARRAY(SELECT camp_id FROM old_rows UNION SELECT camp_id FROM new_rows));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camp_categories_changed AFTER UPDATE ON camp_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION camps_recount_moved_categories();--> statement-breakpoint
UPDATE camps c SET category_ids = cc.ids
  FROM (SELECT camp_id, array_agg(category_id ORDER BY category_id) AS ids FROM camp_categories GROUP BY camp_id) cc
  WHERE cc.camp_id = c.id;--> statement-breakpoint
CREATE INDEX "camps_search_idx" ON "camps" USING gin ("search_vector","place_cells","filter_tokens") WHERE "camps"."listed" and "camps"."session_count" > 0;--> statement-breakpoint
-- Soonest first within each month (docs/decisions/050): a month's camps, read from the index of
-- every camp, come after all that start earlier in the year.
CREATE INDEX "camps_listed_soonest_m1_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 1) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m2_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 2) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m3_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 4) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m4_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 8) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m5_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 16) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m6_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 32) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m7_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 64) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m8_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 128) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m9_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 256) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m10_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 512) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m11_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 1024) <> 0;--> statement-breakpoint
CREATE INDEX "camps_listed_soonest_m12_idx" ON "camps" USING btree (coalesce("start_date", '2999-12-31'::date),"id") WHERE "camps"."listed" and "camps"."session_count" > 0 and ("camps"."months_mask" & 2048) <> 0;
