-- Weighted results (ADR 0292): South African players and their answers get the province of their city where the
-- built-in list knows it (shared/src/domain/provinces.ts), then every counter is rebuilt from the answers with the
-- weighting cells (~w:…) and the squared sums (value_sq_sum) — the recount of counters.queries.ts, rendered.
UPDATE users SET province = CASE lower(trim(city)) WHEN 'johannesburg' THEN 'gauteng' WHEN 'cape town' THEN 'western_cape' WHEN 'durban' THEN 'kwazulu_natal' WHEN 'pretoria' THEN 'gauteng' WHEN 'gqeberha' THEN 'eastern_cape' WHEN 'port elizabeth' THEN 'eastern_cape' WHEN 'bloemfontein' THEN 'free_state' WHEN 'east london' THEN 'eastern_cape' WHEN 'polokwane' THEN 'limpopo' WHEN 'mbombela' THEN 'mpumalanga' WHEN 'nelspruit' THEN 'mpumalanga' WHEN 'kimberley' THEN 'northern_cape' END WHERE country = 'South Africa' AND province IS NULL;
--> statement-breakpoint
UPDATE answers SET province = CASE lower(trim(city)) WHEN 'johannesburg' THEN 'gauteng' WHEN 'cape town' THEN 'western_cape' WHEN 'durban' THEN 'kwazulu_natal' WHEN 'pretoria' THEN 'gauteng' WHEN 'gqeberha' THEN 'eastern_cape' WHEN 'port elizabeth' THEN 'eastern_cape' WHEN 'bloemfontein' THEN 'free_state' WHEN 'east london' THEN 'eastern_cape' WHEN 'polokwane' THEN 'limpopo' WHEN 'mbombela' THEN 'mpumalanga' WHEN 'nelspruit' THEN 'mpumalanga' WHEN 'kimberley' THEN 'northern_cape' END WHERE country = 'South Africa' AND province IS NULL;
--> statement-breakpoint
DELETE FROM result_counters;
--> statement-breakpoint
INSERT INTO result_counters (group_id, bucket, option_id, count, value_sum, value_sq_sum)
    SELECT group_id, bucket, option_id, 1 * c, 1 * s, 1 * q FROM (SELECT group_id, bucket, option_id, count(*) AS c, total(numeric_value) AS s,
      total(numeric_value * numeric_value) AS q FROM (
    SELECT a.group_id AS group_id,
      CASE k.n WHEN 0 THEN 'all' WHEN 1 THEN CASE a.gender WHEN 'male' THEN 'male' WHEN 'female' THEN 'female' WHEN 'non_binary' THEN 'other' WHEN 'transgender' THEN 'other' WHEN 'other' THEN 'other' END WHEN 2 THEN CASE a.age_bracket WHEN '18-24' THEN 'age_18-24' WHEN '25-34' THEN 'age_25-34' WHEN '35-44' THEN 'age_35-44' WHEN '45+' THEN 'age_45+' WHEN 'prefer_not_to_say' THEN 'age_prefer_not_to_say' END
        WHEN 3 THEN CASE a.race_bracket WHEN 'black' THEN 'race_black' WHEN 'white' THEN 'race_white' WHEN 'indian' THEN 'race_indian' WHEN 'coloured' THEN 'race_coloured' WHEN 'mixed_race' THEN 'race_mixed_race' WHEN 'other' THEN 'race_other' WHEN 'prefer_not_to_say' THEN 'race_prefer_not_to_say' END WHEN 4 THEN 'd:' || a.question_date WHEN 5 THEN CASE WHEN coalesce(a.country, '') <> '' THEN 'c:' || a.country END
        WHEN 6 THEN CASE WHEN coalesce(a.city, '') <> '' THEN '~city:' || json_array(coalesce(a.country, ''), a.city) END WHEN 7 THEN '~day:' || a.question_date || '|' || (CASE a.gender WHEN 'male' THEN 'male' WHEN 'female' THEN 'female' WHEN 'non_binary' THEN 'other' WHEN 'transgender' THEN 'other' WHEN 'other' THEN 'other' END)
        WHEN 8 THEN '~day:' || a.question_date || '|' || (CASE a.age_bracket WHEN '18-24' THEN 'age_18-24' WHEN '25-34' THEN 'age_25-34' WHEN '35-44' THEN 'age_35-44' WHEN '45+' THEN 'age_45+' WHEN 'prefer_not_to_say' THEN 'age_prefer_not_to_say' END) WHEN 9 THEN '~day:' || a.question_date || '|' || (CASE a.race_bracket WHEN 'black' THEN 'race_black' WHEN 'white' THEN 'race_white' WHEN 'indian' THEN 'race_indian' WHEN 'coloured' THEN 'race_coloured' WHEN 'mixed_race' THEN 'race_mixed_race' WHEN 'other' THEN 'race_other' WHEN 'prefer_not_to_say' THEN 'race_prefer_not_to_say' END)
        WHEN 10 THEN '~day:' || a.question_date || '|' || (CASE WHEN coalesce(a.country, '') <> '' THEN 'c:' || a.country END) WHEN 11 THEN '~day:' || a.question_date || '|' || (CASE WHEN coalesce(a.city, '') <> '' THEN '~city:' || json_array(coalesce(a.country, ''), a.city) END)
        ELSE CASE WHEN a.country = 'South Africa' AND a.gender IN ('male', 'female')
  AND a.age_bracket IN ('18-24', '25-34', '35-44', '45+') AND a.race_bracket IN ('black', 'coloured', 'white', 'indian', 'other')
  THEN '~w:' || a.gender || '|' || a.age_bracket || '|'
    || a.race_bracket || '|' || CASE WHEN a.province IN ('eastern_cape', 'free_state', 'gauteng', 'kwazulu_natal', 'limpopo', 'mpumalanga', 'north_west', 'northern_cape', 'western_cape') THEN a.province ELSE '' END END END AS bucket,
      coalesce(a.selected_option_id, '#') AS option_id,
      a.numeric_value AS numeric_value
    FROM answers a CROSS JOIN (SELECT value AS n FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12]')) k
    WHERE 1 = 1
  ) WHERE bucket IS NOT NULL GROUP BY group_id, bucket, option_id) WHERE true
    ON CONFLICT (group_id, bucket, option_id) DO UPDATE SET
      count = result_counters.count + excluded.count,
      value_sum = result_counters.value_sum + excluded.value_sum,
      value_sq_sum = result_counters.value_sq_sum + excluded.value_sq_sum;
