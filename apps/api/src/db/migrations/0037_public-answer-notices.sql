-- Every change to what a public profile shows is announced on the channel `public_answers`
-- when it commits (docs/decisions/037): 'camp:{id}' for a camp's own rows (the camp, its
-- sessions and their places, images, categories, reviews), 'org:{id}' for an organization's
-- review average, and '*' for a change that reaches many profiles at once (an organization, a
-- host's subscription or payout account). Instances keeping answers forget what is announced.
-- PostgreSQL sends one notice per distinct text per transaction, so a booking that touches a
-- session row several times announces its camp once.
CREATE FUNCTION public_answer_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'camps' THEN
    PERFORM pg_notify('public_answers', 'camp:' || changed.id);
  ELSIF TG_TABLE_NAME = 'camp_reviews' THEN
    PERFORM pg_notify('public_answers', 'camp:' || changed.camp_id);
    PERFORM pg_notify('public_answers', 'org:' || org_id) FROM camps WHERE id = changed.camp_id;
  ELSIF TG_TABLE_NAME IN ('camp_sessions', 'camp_images', 'camp_categories') THEN
    PERFORM pg_notify('public_answers', 'camp:' || changed.camp_id);
  ELSE
    PERFORM pg_notify('public_answers', '*');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER camps_public_answer AFTER UPDATE OR DELETE ON camps
  FOR EACH ROW EXECUTE FUNCTION public_answer_changed();--> statement-breakpoint
CREATE TRIGGER camp_sessions_public_answer AFTER INSERT OR UPDATE OR DELETE ON camp_sessions
  FOR EACH ROW EXECUTE FUNCTION public_answer_changed();--> statement-breakpoint
CREATE TRIGGER camp_images_public_answer AFTER INSERT OR UPDATE OR DELETE ON camp_images
  FOR EACH ROW EXECUTE FUNCTION public_answer_changed();--> statement-breakpoint
CREATE TRIGGER camp_categories_public_answer AFTER INSERT OR UPDATE OR DELETE ON camp_categories
  FOR EACH ROW EXECUTE FUNCTION public_answer_changed();--> statement-breakpoint
CREATE TRIGGER camp_reviews_public_answer AFTER INSERT OR UPDATE OR DELETE ON camp_reviews
  FOR EACH ROW EXECUTE FUNCTION public_answer_changed();--> statement-breakpoint
CREATE TRIGGER organizations_public_answer AFTER UPDATE OR DELETE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION public_answer_changed();--> statement-breakpoint
CREATE TRIGGER host_subscriptions_public_answer AFTER INSERT OR UPDATE OR DELETE ON host_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION public_answer_changed();--> statement-breakpoint
CREATE TRIGGER host_payout_accounts_public_answer AFTER INSERT OR UPDATE OR DELETE ON host_payout_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION public_answer_changed();
