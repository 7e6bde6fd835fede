-- Issue 23 (ADR 0230, the link-group rule; migration 0016): result_counters gain day-scoped copies of the demographic, country
-- and city buckets, `~day:<question_date>|<bucket>` (a day's 'all' is its existing 'd:<date>' row), so a
-- player's results can leave out a game day's answers without reading answers. The rows are added for every
-- existing answer with the same expansion counters.queries.ts uses (kinds 7–11), so counters equal a recount
-- at once. Nothing else changes.
INSERT INTO `result_counters` (`group_id`, `bucket`, `option_id`, `count`, `value_sum`)
  SELECT `group_id`, bucket, option_id, count(*), total(`numeric_value`) FROM (
    SELECT a.`group_id`, '~day:' || a.`question_date` || '|' || (CASE k.n
        WHEN 0 THEN CASE a.`gender` WHEN 'male' THEN 'male' WHEN 'female' THEN 'female' WHEN 'non_binary' THEN 'other'
          WHEN 'transgender' THEN 'other' WHEN 'other' THEN 'other' END
        WHEN 1 THEN CASE a.`age_bracket` WHEN '18-24' THEN 'age_18-24' WHEN '25-34' THEN 'age_25-34'
          WHEN '35-44' THEN 'age_35-44' WHEN '45+' THEN 'age_45+' WHEN 'prefer_not_to_say' THEN 'age_prefer_not_to_say' END
        WHEN 2 THEN CASE a.`race_bracket` WHEN 'black' THEN 'race_black' WHEN 'white' THEN 'race_white'
          WHEN 'indian' THEN 'race_indian' WHEN 'coloured' THEN 'race_coloured' WHEN 'mixed_race' THEN 'race_mixed_race'
          WHEN 'other' THEN 'race_other' WHEN 'prefer_not_to_say' THEN 'race_prefer_not_to_say' END
        WHEN 3 THEN CASE WHEN coalesce(a.`country`, '') <> '' THEN 'c:' || a.`country` END
        ELSE CASE WHEN coalesce(a.`city`, '') <> '' THEN '~city:' || json_array(coalesce(a.`country`, ''), a.`city`) END
      END) AS bucket,
      coalesce(a.`selected_option_id`, '#') AS option_id, a.`numeric_value`
    FROM `answers` a CROSS JOIN (SELECT value AS n FROM json_each('[0,1,2,3,4]')) k
  ) WHERE bucket IS NOT NULL GROUP BY `group_id`, bucket, option_id
  ON CONFLICT (`group_id`, `bucket`, `option_id`) DO UPDATE SET `count` = excluded.`count`, `value_sum` = excluded.`value_sum`;
