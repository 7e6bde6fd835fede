-- The catalogue version (see catalogue_version in schema.ts): every write to the catalogue bumps it, whoever
-- writes (any server process, scripts, the Worker). questions.answer_count, maintained by every answer, is
-- not catalogue and does not bump it.
INSERT OR IGNORE INTO `catalogue_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `catalogue_topics_insert` AFTER INSERT ON `topics` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_topics_update` AFTER UPDATE ON `topics` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_topics_delete` AFTER DELETE ON `topics` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_questions_insert` AFTER INSERT ON `questions` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_questions_update` AFTER UPDATE OF `topic_id`, `date`, `text`, `type`, `options`, `numeric_unit`, `min_value`, `max_value`, `image_url`, `linked_question_id`, `group_id`, `created_at` ON `questions` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_questions_delete` AFTER DELETE ON `questions` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_daily_topics_insert` AFTER INSERT ON `daily_topics` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_daily_topics_update` AFTER UPDATE ON `daily_topics` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_daily_topics_delete` AFTER DELETE ON `daily_topics` BEGIN UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
