-- Every committed change that can end a login (a session revoked, replaced or removed; a member
-- disabled or removed) says so on the channel auth_changed. PGlite has one owner process, which
-- listens and keeps the sessions it has read only until the next such change (sessions.service.ts);
-- on PostgreSQL nobody listens and every request reads its session (another instance may revoke it).
CREATE FUNCTION auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_changed AFTER UPDATE OR DELETE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_truncated AFTER TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER members_access_changed AFTER UPDATE OF disabled OR DELETE ON members FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER members_truncated AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION auth_changed();
