-- Result versions (see result_versions in schema.ts): every change to a group's counters bumps its version,
-- in the same transaction, whoever writes (answers, deletions, recounts, seeds, any server process).
CREATE TRIGGER `result_versions_counters_insert` AFTER INSERT ON `result_counters` BEGIN INSERT INTO `result_versions` (`group_id`, `version`) VALUES (NEW.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `result_versions_counters_update` AFTER UPDATE ON `result_counters` BEGIN INSERT INTO `result_versions` (`group_id`, `version`) VALUES (NEW.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `result_versions_counters_delete` AFTER DELETE ON `result_counters` BEGIN INSERT INTO `result_versions` (`group_id`, `version`) VALUES (OLD.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
