-- The stats read cache's version (docs/decisions/0274-stats-read-cache.md): users.stats_version changes with every
-- change to what GET /api/me/stats reads beside the users row — the player's player_stats row (days, freezes, the
-- calendar, majority figures), badges and crowd_sense_days — in the same transaction, whoever writes. The session
-- reads it with the user row, so a process holding the player's stats read at that version serves it without a
-- statement. One users row by primary key per change; the column is in no index.
CREATE TRIGGER `stats_version_player_stats_insert` AFTER INSERT ON `player_stats` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` = NEW.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `stats_version_player_stats_update` AFTER UPDATE ON `player_stats` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `stats_version_badge_insert` AFTER INSERT ON `badges` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` = NEW.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `stats_version_badge_update` AFTER UPDATE ON `badges` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `stats_version_badge_delete` AFTER DELETE ON `badges` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` = OLD.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `stats_version_crowd_insert` AFTER INSERT ON `crowd_sense_days` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` = NEW.`user_id`; END;
--> statement-breakpoint
CREATE TRIGGER `stats_version_crowd_update` AFTER UPDATE ON `crowd_sense_days` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` IN (OLD.`user_id`, NEW.`user_id`); END;
--> statement-breakpoint
CREATE TRIGGER `stats_version_crowd_delete` AFTER DELETE ON `crowd_sense_days` BEGIN UPDATE `users` SET `stats_version` = `stats_version` + 1 WHERE `id` = OLD.`user_id`; END;
