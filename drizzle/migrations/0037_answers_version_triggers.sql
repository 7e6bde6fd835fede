-- The viewer's hidden link-group days kept per process (docs/decisions/0306-results-read-costs.md): users.answers_version
-- changes with every insert, delete or move of one of the player's answers, in the same transaction, whoever
-- writes. The session reads it with the user row; with the catalogue version (which changes with any question's
-- group or date) it tells whether the days a process holds as unanswered by the player are still current. One
-- users row by primary key per answer written (which, like every users update, also bumps the sessions'
-- user_row_version: ADR 0309); the column is in no index.
CREATE TRIGGER `answers_version_answer_insert` AFTER INSERT ON `answers` BEGIN UPDATE `users` SET `answers_version` = `answers_version` + 1 WHERE `id` = NEW.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `answers_version_answer_delete` AFTER DELETE ON `answers` BEGIN UPDATE `users` SET `answers_version` = `answers_version` + 1 WHERE `id` = OLD.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `answers_version_answer_update` AFTER UPDATE OF `user_id`, `question_id`, `group_id`, `question_date` ON `answers` BEGIN UPDATE `users` SET `answers_version` = `answers_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`); END;
