-- The player's calendar and all-time figures (player_days, player_stats; docs/decisions/0270-history-and-archive.md),
-- kept by triggers in the same transaction as every write that moves them, whoever writes (answers, reveals,
-- deletions of answers, questions and users, seeds, scripts): they always equal a recount.
-- player_days → player_stats: days played on time and days a freeze covered. Updates only (never an upsert) when
-- rows go, so a cascade deleting a user's rows never re-creates a figure for a user who is gone.
CREATE TRIGGER `player_stats_day_insert` AFTER INSERT ON `player_days` BEGIN INSERT INTO `player_stats` (`user_id`, `days_played`, `days_frozen`) VALUES (NEW.`user_id`, NEW.`answers` > 0, NEW.`frozen` AND NEW.`answers` = 0) ON CONFLICT (`user_id`) DO UPDATE SET `days_played` = `days_played` + excluded.`days_played`, `days_frozen` = `days_frozen` + excluded.`days_frozen`; END;
--> statement-breakpoint
CREATE TRIGGER `player_stats_day_update` AFTER UPDATE ON `player_days` WHEN (OLD.`answers` > 0) <> (NEW.`answers` > 0) OR OLD.`frozen` <> NEW.`frozen` BEGIN UPDATE `player_stats` SET `days_played` = `days_played` + (NEW.`answers` > 0) - (OLD.`answers` > 0), `days_frozen` = `days_frozen` + (NEW.`frozen` AND NEW.`answers` = 0) - (OLD.`frozen` AND OLD.`answers` = 0) WHERE `user_id` = NEW.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `player_stats_day_delete` AFTER DELETE ON `player_days` BEGIN UPDATE `player_stats` SET `days_played` = `days_played` - (OLD.`answers` > 0), `days_frozen` = `days_frozen` - (OLD.`frozen` AND OLD.`answers` = 0) WHERE `user_id` = OLD.`user_id`; END;
--> statement-breakpoint
-- The days already played (every stored answer so far was on time) and the last freezes spent (the only ones the
-- users row remembers: the days just before freezes_spent_on).
INSERT INTO `player_days` (`user_id`, `date`, `answers`, `frozen`) SELECT `user_id`, `question_date`, count(*), 0 FROM `answers` GROUP BY `user_id`, `question_date`;
--> statement-breakpoint
INSERT INTO `player_days` (`user_id`, `date`, `answers`, `frozen`) SELECT u.`id`, date(u.`freezes_spent_on`, '-' || n.k || ' days'), 0, 1 FROM `users` u JOIN (SELECT 1 AS k UNION ALL SELECT 2) n ON n.k <= u.`freezes_spent` WHERE u.`freezes_spent_on` IS NOT NULL ON CONFLICT (`user_id`, `date`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `player_stats` (`user_id`, `picks_revealed`, `picks_with_majority`) SELECT a.`user_id`, count(*), sum(a.`selected_option_id` IN (SELECT value FROM json_each(a.`crowd_top`))) FROM `answers` a WHERE a.`revealed_at` IS NOT NULL AND a.`crowd_top` IS NOT NULL AND a.`selected_option_id` IS NOT NULL GROUP BY a.`user_id` ON CONFLICT (`user_id`) DO UPDATE SET `picks_revealed` = excluded.`picks_revealed`, `picks_with_majority` = excluded.`picks_with_majority`;
--> statement-breakpoint
-- answers → player_days: on-time answers per player and game day (late answers leave the calendar alone).
CREATE TRIGGER `player_days_answer_insert` AFTER INSERT ON `answers` WHEN NEW.`late` = 0 BEGIN INSERT INTO `player_days` (`user_id`, `date`, `answers`, `frozen`) VALUES (NEW.`user_id`, NEW.`question_date`, 1, 0) ON CONFLICT (`user_id`, `date`) DO UPDATE SET `answers` = `answers` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `player_days_answer_delete` AFTER DELETE ON `answers` WHEN OLD.`late` = 0 BEGIN UPDATE `player_days` SET `answers` = `answers` - 1 WHERE `user_id` = OLD.`user_id` AND `date` = OLD.`question_date`; DELETE FROM `player_days` WHERE `user_id` = OLD.`user_id` AND `date` = OLD.`question_date` AND `answers` <= 0 AND `frozen` = 0; END;
--> statement-breakpoint
-- answers → player_stats: multiple-choice answers revealed, and those that sided with a most-picked option.
CREATE TRIGGER `player_stats_reveal` AFTER UPDATE OF `revealed_at` ON `answers` WHEN OLD.`revealed_at` IS NULL AND NEW.`revealed_at` IS NOT NULL AND NEW.`crowd_top` IS NOT NULL AND NEW.`selected_option_id` IS NOT NULL BEGIN INSERT INTO `player_stats` (`user_id`, `picks_revealed`, `picks_with_majority`) VALUES (NEW.`user_id`, 1, NEW.`selected_option_id` IN (SELECT value FROM json_each(NEW.`crowd_top`))) ON CONFLICT (`user_id`) DO UPDATE SET `picks_revealed` = `picks_revealed` + 1, `picks_with_majority` = `picks_with_majority` + excluded.`picks_with_majority`; END;
--> statement-breakpoint
CREATE TRIGGER `player_stats_revealed_insert` AFTER INSERT ON `answers` WHEN NEW.`revealed_at` IS NOT NULL AND NEW.`crowd_top` IS NOT NULL AND NEW.`selected_option_id` IS NOT NULL BEGIN INSERT INTO `player_stats` (`user_id`, `picks_revealed`, `picks_with_majority`) VALUES (NEW.`user_id`, 1, NEW.`selected_option_id` IN (SELECT value FROM json_each(NEW.`crowd_top`))) ON CONFLICT (`user_id`) DO UPDATE SET `picks_revealed` = `picks_revealed` + 1, `picks_with_majority` = `picks_with_majority` + excluded.`picks_with_majority`; END;
--> statement-breakpoint
CREATE TRIGGER `player_stats_revealed_delete` AFTER DELETE ON `answers` WHEN OLD.`revealed_at` IS NOT NULL AND OLD.`crowd_top` IS NOT NULL AND OLD.`selected_option_id` IS NOT NULL BEGIN UPDATE `player_stats` SET `picks_revealed` = `picks_revealed` - 1, `picks_with_majority` = `picks_with_majority` - (OLD.`selected_option_id` IN (SELECT value FROM json_each(OLD.`crowd_top`))) WHERE `user_id` = OLD.`user_id`; END;
--> statement-breakpoint
-- A user's rows go with the user, also where foreign keys are not enforced.
CREATE TRIGGER `player_rows_user_delete` AFTER DELETE ON `users` BEGIN DELETE FROM `player_days` WHERE `user_id` = OLD.`id`; DELETE FROM `player_stats` WHERE `user_id` = OLD.`id`; END;
