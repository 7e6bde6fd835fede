-- Friends on results, cached per viewer and question (docs/decisions/0283-friends-on-results-cached.md): the versions
-- such a cached list is validated by, bumped in the same transaction as every write that changes what it holds,
-- whoever writes (any server process, a script, the Worker). A missing row reads as version 0.
-- A player's friend list version: their friendships (rows user_id = player; each friendship is stored both ways, so
-- both sides are bumped) and their friends' names and sharing preference (a change fans out to the ≤ 100 friends).
CREATE TRIGGER `friend_list_versions_friendship_insert` AFTER INSERT ON `friendships` BEGIN INSERT INTO `friend_list_versions` (`user_id`, `version`) VALUES (NEW.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `friend_list_versions_friendship_delete` AFTER DELETE ON `friendships` BEGIN INSERT INTO `friend_list_versions` (`user_id`, `version`) VALUES (OLD.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `friend_list_versions_friendship_update` AFTER UPDATE ON `friendships` BEGIN INSERT INTO `friend_list_versions` (`user_id`, `version`) VALUES (OLD.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1; INSERT INTO `friend_list_versions` (`user_id`, `version`) VALUES (NEW.`user_id`, 1) ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `friend_list_versions_user_update` AFTER UPDATE OF `username`, `share_answers_with_friends` ON `users` WHEN OLD.`username` IS NOT NEW.`username` OR OLD.`share_answers_with_friends` IS NOT NEW.`share_answers_with_friends` BEGIN INSERT INTO `friend_list_versions` (`user_id`, `version`) SELECT `friend_id`, 1 FROM `friendships` WHERE `user_id` = NEW.`id` ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
-- A link group's friend-answer version: every answer written, changed or deleted in the group by a player who has a
-- friend (a friend's pick, or a viewer's own answer, which decides the days they may see). Players without friends
-- pay one probe of the friendships primary key per answer, and bump nothing.
CREATE TRIGGER `friend_answer_versions_answer_insert` AFTER INSERT ON `answers` WHEN EXISTS (SELECT 1 FROM `friendships` WHERE `user_id` = NEW.`user_id`) BEGIN INSERT INTO `friend_answer_versions` (`group_id`, `version`) VALUES (NEW.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `friend_answer_versions_answer_delete` AFTER DELETE ON `answers` WHEN EXISTS (SELECT 1 FROM `friendships` WHERE `user_id` = OLD.`user_id`) BEGIN INSERT INTO `friend_answer_versions` (`group_id`, `version`) VALUES (OLD.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
--> statement-breakpoint
CREATE TRIGGER `friend_answer_versions_answer_update` AFTER UPDATE OF `user_id`, `question_id`, `group_id`, `question_date`, `selected_option_id`, `numeric_value` ON `answers` WHEN EXISTS (SELECT 1 FROM `friendships` WHERE `user_id` IN (OLD.`user_id`, NEW.`user_id`)) BEGIN INSERT INTO `friend_answer_versions` (`group_id`, `version`) VALUES (OLD.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; INSERT INTO `friend_answer_versions` (`group_id`, `version`) VALUES (NEW.`group_id`, 1) ON CONFLICT (`group_id`) DO UPDATE SET `version` = `version` + 1; END;
