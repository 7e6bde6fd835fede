-- Result versions (see result_versions in schema.ts): every change to a group's counters bumps its version,
-- in the same transaction, whoever writes (answers, deletions, recounts, seeds, any server process).
-- Every counter change of a group changes one of its 'all' rows (each answer counts once in 'all' and once
-- per demographic bucket, in the same statement), so watching the 'all' rows is enough: one bump per answer.
CREATE TRIGGER `result_versions_counters_insert` AFTER INSERT ON `result_counters` WHEN NEW.`bucket` = 'all' BEGIN INSERT INTO `result_versions` (`group_id`, `version`) VALUES (NEW.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `result_versions_counters_update` AFTER UPDATE ON `result_counters` WHEN NEW.`bucket` = 'all' OR OLD.`bucket` = 'all' BEGIN INSERT INTO `result_versions` (`group_id`, `version`) VALUES (NEW.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `result_versions_counters_delete` AFTER DELETE ON `result_counters` WHEN OLD.`bucket` = 'all' BEGIN INSERT INTO `result_versions` (`group_id`, `version`) VALUES (OLD.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
