-- The player's day kept per process (docs/decisions/0309-session-user-cache.md): users.day_version changes with
-- every write to the player's topic selections and to an answer's value, in the same transaction, whoever writes.
-- With users.answers_version (which moves with every answer inserted, deleted or moved: ADR 0306) it covers what
-- GET /api/daily-topics reads of the player. The change to the users row also moves the sessions' user_row_version,
-- so the session read hands out the new versions. One users row by primary key per write; a reveal (revealed_at)
-- changes nothing the day shows.
CREATE TRIGGER `day_version_selection_insert` AFTER INSERT ON `user_daily_selections` BEGIN UPDATE `users` SET `day_version` = `day_version` + 1 WHERE `id` = NEW.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `day_version_selection_update` AFTER UPDATE ON `user_daily_selections` BEGIN UPDATE `users` SET `day_version` = `day_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `day_version_selection_delete` AFTER DELETE ON `user_daily_selections` BEGIN UPDATE `users` SET `day_version` = `day_version` + 1 WHERE `id` = OLD.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `day_version_answer_value_update` AFTER UPDATE OF `selected_option_id`, `numeric_value` ON `answers` BEGIN UPDATE `users` SET `day_version` = `day_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`); END;
