ALTER TABLE `player_stats` ADD `calendar` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `player_stats` ADD `calendar_end` text;