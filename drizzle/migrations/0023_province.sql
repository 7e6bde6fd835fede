ALTER TABLE `answers` ADD `province` text;--> statement-breakpoint
ALTER TABLE `users` ADD `province` text;