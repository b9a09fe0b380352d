package pages

import "strings"

// encodedETag is the entity tag of one encoding of a body whose tag is
// etag ("…" quoted): a gzip or brotli body is another representation with
// other bytes, so it has a tag of its own (RFC 9110 section 8.8.3), and a
// cache or client holding one is never answered 304 for another.
func encodedETag(etag, coding string) string {
	if coding == "" {
		return etag
	}
	return strings.TrimSuffix(etag, `"`) + "-" + coding + `"`
}

// etagMatches is If-None-Match's weak comparison (RFC 9110 section
// 13.1.2): the list holds etag, weak or strong, or is "*".
func etagMatches(ifNoneMatch, etag string) bool {
	for _, tag := range strings.Split(ifNoneMatch, ",") {
		t := strings.TrimSpace(tag)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}
