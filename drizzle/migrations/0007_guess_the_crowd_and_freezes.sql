CREATE TABLE `crowd_sense_days` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`guesses` integer DEFAULT 0 NOT NULL,
	`right_guesses` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `answers` ADD `guess_option_id` text;--> statement-breakpoint
ALTER TABLE `answers` ADD `revealed_at` integer;--> statement-breakpoint
ALTER TABLE `answers` ADD `crowd_top` text;--> statement-breakpoint
ALTER TABLE `answers` ADD `own_share` real;--> statement-breakpoint
ALTER TABLE `answers` ADD `guess_correct` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `streak_freezes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `freezes_spent_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `freezes_spent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `crowd_guesses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `crowd_right` integer DEFAULT 0 NOT NULL;