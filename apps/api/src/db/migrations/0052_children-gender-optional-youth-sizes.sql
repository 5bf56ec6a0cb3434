ALTER TABLE "children" ALTER COLUMN "gender" DROP NOT NULL;--> statement-breakpoint
-- The three sizes a child could have were adult sizes (decision 063): each keeps its size, named
-- as an adult one beside the new youth sizes.
UPDATE "children" SET "shirt_size" = CASE "shirt_size"
  WHEN 'small' THEN 'adult_s'
  WHEN 'medium' THEN 'adult_m'
  WHEN 'large' THEN 'adult_l'
  ELSE "shirt_size" END;
