-- The seeded 活动 item led to a placeholder page (activities are not built yet); 夺宝 (/card) is
-- built. An item the operator changed, or a /card item of their own, is left as it is.
UPDATE "nav_items"
SET "title_zh_cn" = '夺宝', "title_zh_tw" = '奪寶', "title_en" = 'Treasure', "path" = '/card', "icon" = 'card',
  "need_login" = 1
WHERE "id" = 6 AND "path" = '/vipActivity' AND "title_zh_cn" = '活动'
  AND NOT EXISTS (SELECT 1 FROM "nav_items" WHERE "path" = '/card');
