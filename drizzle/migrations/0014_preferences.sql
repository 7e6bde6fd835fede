ALTER TABLE `users` ADD `guess_the_crowd` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `theme` text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `share_answers_with_friends` integer DEFAULT true NOT NULL;