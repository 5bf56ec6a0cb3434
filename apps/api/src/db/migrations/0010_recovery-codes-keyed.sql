-- Recovery codes are now stored as keyed digests (HMAC-SHA256 under a key derived from the
-- application secret) instead of plain SHA-256, which a stolen database let anyone brute-force
-- offline. The plain hashes cannot be converted without the codes, and would keep that weakness,
-- so they go: two-factor sign-in stays on, settings show no codes left, and "New recovery codes"
-- (password and an authenticator code) issues a fresh ten.
DELETE FROM "two_factor_recovery_codes";
