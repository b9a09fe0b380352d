package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/strictjson"
)

// Every JSON body of the admin API is read here, so that all of them
// answer alike: over its size, 413 too_large; not of the documented shape
// (a key twice or in another case, null, a value of another type), 400
// bad_request saying where; strings that are not text, 422 invalid naming
// each field. strictjson reads a body exactly as the document describes
// it, so a proxy in front that validates the same bytes sees the same
// request.

// readAdminBody reads a body of at most limit bytes.
func readAdminBody(c *gin.Context, limit int64) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		apiError(c, http.StatusRequestEntityTooLarge, "too_large", "The body is larger than this request takes: at most "+byteSize(limit))
		return nil, false
	case err != nil:
		apiError(c, http.StatusBadRequest, "bad_request", "The body could not be read")
		return nil, false
	}
	return body, true
}

// byteSize says a limit as people read it: 64 KB, 2 MB.
func byteSize(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// decodeAdmin reads a JSON body of at most 64 KB into v, answering a
// refusal itself.
func decodeAdmin(c *gin.Context, v any) bool {
	body, ok := readAdminBody(c, maxBodyBytes)
	if !ok {
		return false
	}
	if err := strictjson.Decode(body, v); err != nil {
		refuseAdminBody(c, err)
		return false
	}
	return true
}

// optionalAdminBody decodes a JSON body when there is one: a change that
// needs nothing more may be sent without.
func optionalAdminBody(c *gin.Context, v any) bool {
	if c.Request.ContentLength == 0 {
		return true
	}
	return decodeAdmin(c, v)
}

// refuseAdminBody answers a body strictjson refused.
func refuseAdminBody(c *gin.Context, err error) {
	var text *strictjson.TextError
	if errors.As(err, &text) {
		fields := map[string]string{}
		for _, f := range text.Fields {
			fields[f] = strictjson.TextProblem
		}
		adminInvalid(c, fields)
		return
	}
	apiError(c, http.StatusBadRequest, "bad_request", err.Error())
}
