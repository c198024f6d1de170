-- hand-written (keep when regenerating)
-- Migration 0012's triggers announced every change that can end a login on auth_changed, for a
-- session cache on PGlite only. Every call now reads its session on both databases
-- (sessions.service.ts), so nobody listens: the triggers and their function go.
DROP TRIGGER IF EXISTS auth_sessions_changed ON auth_sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS auth_sessions_truncated ON auth_sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS members_access_changed ON members;
--> statement-breakpoint
DROP TRIGGER IF EXISTS members_truncated ON members;
--> statement-breakpoint
DROP FUNCTION IF EXISTS auth_changed();
