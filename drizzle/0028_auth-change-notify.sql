-- Every change to a user row or a sign-in session (refresh-token family) is announced on the
-- channel unbuilt_auth with the user's id, after commit, to every instance: each one drops what
-- its auth guard cached for that user (src/server/lib/auth-cache.ts).
CREATE OR REPLACE FUNCTION unbuilt_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('unbuilt_auth', COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('unbuilt_auth', COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION unbuilt_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER jwt_tokens_auth_change AFTER UPDATE OR DELETE ON jwt_tokens
  FOR EACH ROW EXECUTE FUNCTION unbuilt_notify_auth_change();
