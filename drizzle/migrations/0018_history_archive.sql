CREATE TABLE `player_days` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`answers` integer DEFAULT 0 NOT NULL,
	`frozen` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `player_stats` (
	`user_id` text PRIMARY KEY NOT NULL,
	`days_played` integer DEFAULT 0 NOT NULL,
	`days_frozen` integer DEFAULT 0 NOT NULL,
	`picks_revealed` integer DEFAULT 0 NOT NULL,
	`picks_with_majority` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `answers` ADD `late` integer DEFAULT false NOT NULL;