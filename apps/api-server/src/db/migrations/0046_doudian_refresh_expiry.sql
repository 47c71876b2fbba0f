-- 抖店 shops authorised before the refresh token's life was recorded have no refresh_expires_at, so
-- 授权即将过期 never came for them. 抖店 issues the refresh token with the access token and documents
-- 14 days for it against the access token's 7 (an early refresh changes neither), so it ends 7 days
-- after the recorded access token. See docs/design.md (抖店 protocol facts).
UPDATE shops SET refresh_expires_at = auth_expires_at + 7 * 86400
 WHERE platform = 'douyin' AND platform_shop_id IS NOT NULL
   AND refresh_expires_at IS NULL AND auth_expires_at IS NOT NULL;
