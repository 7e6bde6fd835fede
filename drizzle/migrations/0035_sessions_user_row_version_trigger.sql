-- The session's user cache (docs/decisions/0309-session-user-cache.md): sessions.user_row_version changes with every
-- change to the session's users row — an update (profile, preferences, the answer batch's streak and counters, the
-- stats version's own triggers) or its removal — in the same transaction, whoever writes. A process holding the
-- signed-in user read at that version serves it after reading only the session row. The account's sessions by
-- sessions_user_idx (at most MAX_SESSIONS_PER_ACCOUNT rows) per change.
CREATE TRIGGER `sessions_user_row_version_update` AFTER UPDATE ON `users` BEGIN UPDATE `sessions` SET `user_row_version` = `user_row_version` + 1 WHERE `user_id` IN (OLD.`id`, NEW.`id`); END;
--> statement-breakpoint
CREATE TRIGGER `sessions_user_row_version_delete` AFTER DELETE ON `users` BEGIN UPDATE `sessions` SET `user_row_version` = `user_row_version` + 1 WHERE `user_id` = OLD.`id`; END;
