package booking

import "slotwise/backend/internal/fieldcheck"

// msgInvalidText: a field holds bytes that are not text (invalid UTF-8, NUL,
// control characters such as terminal escapes).
const msgInvalidText = fieldcheck.MsgInvalidText

// plausibleKey tells whether s could be a stored id or slug: text of at
// most 200 bytes. Anything else is looked up nowhere (PostgreSQL would
// refuse the bytes) and is simply not found.
func plausibleKey(s string) bool { return len(s) <= 200 && isText(s, false) }

// isText: fieldcheck.IsText, the one text check of every input.
var isText = fieldcheck.IsText
