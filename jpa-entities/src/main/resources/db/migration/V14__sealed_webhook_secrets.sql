-- Merchants' webhook signing secrets are stored sealed like the company credentials
-- ("A256GCM:<key id>:<base64url>", about 150 characters for a whsec_ secret), so a copy of the
-- database cannot sign events. Rows written before stay readable as they are until
-- POST /broker/admin/credentials/reseal seals them.
ALTER TABLE webhook_secret ALTER COLUMN secret SET DATA TYPE VARCHAR(256);
