-- Day versions (see day_versions in schema.ts): every write to a date's schedule row or to its questions
-- bumps that date's version, in the same transaction, whoever writes (the day save, the per-call endpoints
-- PUT /api/admin/daily-topics, POST/DELETE /api/admin/questions, scripts). An editor that loaded version N
-- and saves with N gets 409 when anything of the day changed meanwhile. questions.answer_count (every
-- answer) is not part of the day and does not bump it.
CREATE TRIGGER `day_versions_daily_topics_insert` AFTER INSERT ON `daily_topics` BEGIN INSERT INTO `day_versions` (`date`, `version`) VALUES (NEW.`date`, 1) ON CONFLICT (`date`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `day_versions_daily_topics_update` AFTER UPDATE ON `daily_topics` BEGIN INSERT INTO `day_versions` (`date`, `version`) VALUES (NEW.`date`, 1) ON CONFLICT (`date`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `day_versions_questions_insert` AFTER INSERT ON `questions` BEGIN INSERT INTO `day_versions` (`date`, `version`) VALUES (NEW.`date`, 1) ON CONFLICT (`date`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `day_versions_questions_update` AFTER UPDATE OF `topic_id`, `date`, `text`, `type`, `options`, `numeric_unit`, `min_value`, `max_value`, `image_url`, `linked_question_id` ON `questions` BEGIN INSERT INTO `day_versions` (`date`, `version`) VALUES (NEW.`date`, 1) ON CONFLICT (`date`) DO UPDATE SET `version` = `version` + 1; INSERT INTO `day_versions` (`date`, `version`) VALUES (OLD.`date`, 1) ON CONFLICT (`date`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `day_versions_questions_delete` AFTER DELETE ON `questions` BEGIN INSERT INTO `day_versions` (`date`, `version`) VALUES (OLD.`date`, 1) ON CONFLICT (`date`) DO UPDATE SET `version` = `version` + 1; END;
