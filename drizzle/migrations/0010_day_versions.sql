CREATE TABLE `day_versions` (
	`date` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "day_version_is_current" CHECK("day_versions"."version" >= 0)
);
