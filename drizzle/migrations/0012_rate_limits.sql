CREATE TABLE `operator_revocations` (
	`id` text PRIMARY KEY NOT NULL,
	`revoked_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operator_revocations_expires_idx` ON `operator_revocations` (`expires_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`tokens` real NOT NULL,
	`capacity` real NOT NULL,
	`period_ms` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`full_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_full_at_idx` ON `rate_limits` (`full_at`);