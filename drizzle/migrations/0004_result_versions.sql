CREATE TABLE `result_versions` (
	`group_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
