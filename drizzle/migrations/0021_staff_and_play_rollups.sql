CREATE TABLE `funnel_counts` (
	`date` text PRIMARY KEY NOT NULL,
	`players` integer DEFAULT 0 NOT NULL,
	`picked` integer DEFAULT 0 NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`finished` integer DEFAULT 0 NOT NULL,
	`results_viewed` integer DEFAULT 0 NOT NULL,
	`reminder_opt_ins` integer DEFAULT 0 NOT NULL,
	`reminders_sent` integer DEFAULT 0 NOT NULL,
	`played_within_hour` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `funnel_days` (
	`date` text NOT NULL,
	`user_id` text NOT NULL,
	`opened_at` integer,
	`picked_at` integer,
	`answered_at` integer,
	`finished_at` integer,
	`results_at` integer,
	`reminder_opt_in` integer DEFAULT 0 NOT NULL,
	`reminded_at` integer,
	PRIMARY KEY(`date`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `play_rollup` (
	`date` text NOT NULL,
	`first_date` text NOT NULL,
	`players` integer DEFAULT 0 NOT NULL,
	`answers` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `first_date`)
);
--> statement-breakpoint
CREATE INDEX `play_rollup_first_idx` ON `play_rollup` (`first_date`,`date`,`players`);--> statement-breakpoint
CREATE TABLE `staff` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`password_hash` text NOT NULL,
	`tokens_from` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_name_lower_uq` ON `staff` (lower("name"));--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor` text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_actor_at_idx` ON `audit_log` (`actor`,`at`);--> statement-breakpoint
ALTER TABLE `users` ADD `first_play_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `last_play_date` text;