-- Issue 17 (decision 0171): answers keep the player's country and city in their snapshot, and result_counters
-- gain per-date ('d:'), per-country ('c:') and per-city ('~city:') buckets. Answers written before this
-- migration take their player's current place (the best record there is), and the new buckets are added for
-- every existing answer with the same expansion counters.queries.ts uses, so counters equal a recount at once.
UPDATE `answers` SET `country` = (SELECT u.`country` FROM `users` u WHERE u.`id` = `answers`.`user_id`),
  `city` = (SELECT u.`city` FROM `users` u WHERE u.`id` = `answers`.`user_id`);
--> statement-breakpoint
INSERT INTO `result_counters` (`group_id`, `bucket`, `option_id`, `count`, `value_sum`)
  SELECT `group_id`, bucket, option_id, count(*), total(`numeric_value`) FROM (
    SELECT a.`group_id`, CASE k.n
        WHEN 0 THEN 'd:' || a.`question_date`
        WHEN 1 THEN CASE WHEN coalesce(a.`country`, '') <> '' THEN 'c:' || a.`country` END
        ELSE CASE WHEN coalesce(a.`city`, '') <> '' THEN '~city:' || json_array(coalesce(a.`country`, ''), a.`city`) END
      END AS bucket,
      coalesce(a.`selected_option_id`, '#') AS option_id, a.`numeric_value`
    FROM `answers` a CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1 UNION ALL SELECT 2) k
  ) WHERE bucket IS NOT NULL GROUP BY `group_id`, bucket, option_id
  ON CONFLICT (`group_id`, `bucket`, `option_id`) DO UPDATE SET `count` = excluded.`count`, `value_sum` = excluded.`value_sum`;
