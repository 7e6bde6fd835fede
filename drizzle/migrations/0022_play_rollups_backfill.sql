-- Play rollups from the history already stored (ADR 0301): each player's first and latest game day
-- from their answers, the daily rollup per game day and cohort, and the funnel rows of past days (opened and
-- picked from selections, answered from answers, results from reveals; "finished" starts with this release).
-- The same statements as rebuildPlayRollups in edge-api/src/db/queries/analytics.queries.ts.
UPDATE `users` SET
  `first_play_date` = (SELECT min(a.`question_date`) FROM `answers` a WHERE a.`user_id` = `users`.`id`),
  `last_play_date` = (SELECT max(a.`question_date`) FROM `answers` a WHERE a.`user_id` = `users`.`id`);
--> statement-breakpoint
INSERT INTO `play_rollup` (`date`, `first_date`, `players`, `answers`)
  SELECT a.`question_date`, u.`first_play_date`, count(DISTINCT a.`user_id`), count(*)
  FROM `answers` a JOIN `users` u ON u.`id` = a.`user_id`
  GROUP BY a.`question_date`, u.`first_play_date`;
--> statement-breakpoint
INSERT INTO `funnel_days` (`date`, `user_id`, `opened_at`, `picked_at`)
  SELECT `date`, `user_id`, `created_at`, `created_at` FROM `user_daily_selections` WHERE true
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO `funnel_days` (`date`, `user_id`, `opened_at`, `picked_at`, `answered_at`, `results_at`)
  SELECT `question_date`, `user_id`, min(`answered_at`), min(`answered_at`), min(`answered_at`), min(`revealed_at`)
  FROM `answers` WHERE true GROUP BY `user_id`, `question_date`
  ON CONFLICT (`date`, `user_id`) DO UPDATE SET
    `answered_at` = excluded.`answered_at`,
    `results_at` = excluded.`results_at`,
    `opened_at` = min(`opened_at`, excluded.`opened_at`),
    `picked_at` = min(`picked_at`, excluded.`picked_at`);
--> statement-breakpoint
INSERT INTO `funnel_counts` (`date`, `players`, `picked`, `answered`, `finished`, `results_viewed`, `reminder_opt_ins`, `reminders_sent`, `played_within_hour`)
  SELECT `date`, count(`opened_at`), count(`picked_at`), count(`answered_at`), count(`finished_at`), count(`results_at`),
    total(`reminder_opt_in`), count(`reminded_at`), total(`answered_at` BETWEEN `reminded_at` AND `reminded_at` + 3600000)
  FROM `funnel_days` WHERE true GROUP BY `date`;
