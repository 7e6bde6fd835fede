DROP INDEX `questions_group_idx`;--> statement-breakpoint
CREATE INDEX `questions_group_idx` ON `questions` (`group_id`,`date`);--> statement-breakpoint
CREATE INDEX `answers_user_group_idx` ON `answers` (`user_id`,`group_id`,`question_date`);