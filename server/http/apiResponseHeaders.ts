/** What an API answer may load or be framed by: nothing. It is data, never a page. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
