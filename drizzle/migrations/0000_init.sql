CREATE TABLE `answers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`question_id` text NOT NULL,
	`group_id` text NOT NULL,
	`question_date` text NOT NULL,
	`selected_option_id` text,
	`numeric_value` real,
	`gender` text,
	`age_bracket` text,
	`race_bracket` text,
	`answered_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answers_user_question_uq` ON `answers` (`user_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `answers_group_numeric_idx` ON `answers` (`group_id`,`numeric_value`);--> statement-breakpoint
CREATE INDEX `answers_question_answered_idx` ON `answers` (`question_id`,`answered_at`);--> statement-breakpoint
CREATE INDEX `answers_date_answered_idx` ON `answers` (`question_date`,`answered_at`);--> statement-breakpoint
CREATE INDEX `answers_answered_idx` ON `answers` (`answered_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`action` text NOT NULL,
	`target_id` text,
	`summary` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `auth_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start` integer NOT NULL,
	`blocked_until` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `badges` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`earned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `badges_user_type_uq` ON `badges` (`user_id`,`type`);--> statement-breakpoint
CREATE TABLE `daily_topics` (
	`id` text PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`topic_ids` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_topics_date_unique` ON `daily_topics` (`date`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`topic_id` text NOT NULL,
	`date` text NOT NULL,
	`text` text NOT NULL,
	`type` text DEFAULT 'multiple_choice' NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`numeric_unit` text,
	`min_value` integer,
	`max_value` integer,
	`image_url` text,
	`linked_question_id` text,
	`group_id` text NOT NULL,
	`answer_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `questions_date_topic_idx` ON `questions` (`date`,`topic_id`);--> statement-breakpoint
CREATE INDEX `questions_topic_date_idx` ON `questions` (`topic_id`,`date`);--> statement-breakpoint
CREATE INDEX `questions_group_idx` ON `questions` (`group_id`);--> statement-breakpoint
CREATE INDEX `questions_created_idx` ON `questions` (`created_at`);--> statement-breakpoint
CREATE TABLE `result_counters` (
	`group_id` text NOT NULL,
	`bucket` text NOT NULL,
	`option_id` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`value_sum` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`group_id`, `bucket`, `option_id`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `topics` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`category` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `topics_created_idx` ON `topics` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_daily_selections` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`selected_topic_ids` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `selections_user_date_uq` ON `user_daily_selections` (`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_guest` integer DEFAULT false NOT NULL,
	`gender` text,
	`age_bracket` text,
	`race_bracket` text,
	`area` text,
	`country` text,
	`city` text,
	`current_streak` integer DEFAULT 0 NOT NULL,
	`longest_streak` integer DEFAULT 0 NOT NULL,
	`last_activity_date` text,
	`total_answers` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_uq` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_guest_created_idx` ON `users` (`is_guest`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_last_activity_idx` ON `users` (`last_activity_date`,`current_streak`);--> statement-breakpoint
CREATE INDEX `users_gender_idx` ON `users` (`gender`);--> statement-breakpoint
CREATE INDEX `users_age_idx` ON `users` (`age_bracket`);--> statement-breakpoint
CREATE INDEX `users_country_idx` ON `users` (`country`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);