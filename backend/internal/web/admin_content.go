package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/fieldcheck"
)

// The site's content through the admin API: the model of its files
// (docs/content.md) as JSON, one item at a time, under
// /api/admin/content/{kind}/{key}. A picture (media) is sent and read as
// itself. Every change runs through the command pipeline, with the checks
// an import makes; the database's triggers then drop exactly the cached
// pages that show what changed, on every replica.

// maxContentBytes bounds an item's body (a post's body is at most 512 KB);
// a picture's is content.MaxMediaBytes, one byte more to tell it was over.
const maxContentBytes = 2 << 20

var contentErrors = []ErrorMapping{
	{Err: content.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", Message: "There is no such item"},
	{Err: content.ErrExists, Status: http.StatusConflict, Code: "exists", Message: "An item with this key exists: PUT it to change it"},
	{Err: content.ErrBusinessStays, Status: http.StatusConflict, Code: "in_use", Message: "The business stays: everything else belongs to it"},
	{Err: content.ErrInUse, Status: http.StatusConflict, Code: "in_use",
		Message: "Bookings, responses, posts or a team refer to this item: make it inactive or unpublished instead"},
}

func (h adminAPI) registerContent(g *gin.RouterGroup) {
	g.GET("/content/:kind", h.listContent)
	g.POST("/content/:kind", h.changeContent(true))
	g.GET("/content/:kind/*key", h.getContent)
	g.PUT("/content/:kind/*key", h.changeContent(false))
	g.DELETE("/content/:kind/*key", h.deleteContent)
}

// contentTarget reads the kind and the key of the address; the home page
// is pages/index, as in a site's folder.
func contentTarget(c *gin.Context) (content.Kind, string, bool) {
	k, ok := content.KindNamed(c.Param("kind"))
	if !ok {
		apiError(c, http.StatusNotFound, "not_found", "There is no such kind of content; the kinds are listed in the API's document")
		return nil, "", false
	}
	key := strings.TrimPrefix(c.Param("key"), "/")
	if len(key) > 300 || !fieldcheck.IsText(key, false) {
		apiError(c, http.StatusNotFound, "not_found", "There is no such item")
		return nil, "", false
	}
	if k.Name() == "pages" && key == "index" {
		key = ""
	}
	return k, key, true
}

func (h adminAPI) contentError(c *gin.Context, err error) {
	var ps content.Problems
	var be *content.BodyError
	switch {
	case errors.As(err, &ps):
		fields := map[string]FieldError{}
		var loose []string
		for _, p := range ps {
			if p.Field == "" {
				loose = append(loose, p.Message)
			} else if _, seen := fields[p.Field]; !seen {
				fields[p.Field] = FieldError{Message: p.Message}
			}
		}
		msg := "Some fields are invalid"
		if len(loose) > 0 {
			msg = strings.Join(loose, "; ")
		}
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, APIErrorResponse{Error: APIErrorBody{Code: "invalid", Message: msg, Fields: fields}})
	case errors.As(err, &be):
		apiError(c, http.StatusBadRequest, "bad_request", "The body is not an item of this kind: "+be.Error())
	default:
		if m, _, ok := lookupError(contentErrors, err); ok {
			apiError(c, m.Status, m.Code, m.Message)
			return
		}
		h.s.adminError(c, err)
	}
}

func (h adminAPI) listContent(c *gin.Context) {
	k, _, ok := contentTarget(c)
	if !ok {
		return
	}
	q, ok := readListQuery(c)
	if !ok {
		return
	}
	after := ""
	if q.cursor != "" {
		_, key, err := cursor.Decode(q.cursor)
		if err != nil {
			h.s.adminError(c, err)
			return
		}
		after = key
	}
	items, last, err := content.ListAfter(c.Request.Context(), h.d.Pool, k, after, q.limit)
	if err != nil {
		h.contentError(c, err)
		return
	}
	next := ""
	if last != "" {
		next = cursor.Encode(time.Time{}, last)
	}
	c.JSON(http.StatusOK, newPage(items, next))
}

func (h adminAPI) getContent(c *gin.Context) {
	k, key, ok := contentTarget(c)
	if !ok {
		return
	}
	it, err := content.Get(c.Request.Context(), h.d.Pool, k, key)
	if err != nil {
		h.contentError(c, err)
		return
	}
	if m, isMedia := it.(*content.Media); isMedia {
		c.Data(http.StatusOK, mime.TypeByExtension(path.Ext(m.Name)), m.Data)
		return
	}
	c.JSON(http.StatusOK, it)
}

// changeResult is what a change's idempotency record keeps.
type changeResult struct {
	Key     string          `json:"key"`
	Outcome content.Outcome `json:"outcome"`
}

// changeContent creates (POST, the key in the body) or creates or
// replaces (PUT, the key in the address) one item.
func (h adminAPI) changeContent(create bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		k, key, ok := contentTarget(c)
		if !ok {
			return
		}
		limit := int64(maxContentBytes)
		if k.Name() == "media" {
			limit = content.MaxMediaBytes + 1
			if create {
				apiError(c, http.StatusMethodNotAllowed, "bad_request", "A picture is sent with PUT /api/admin/content/media/{name}")
				return
			}
		}
		body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, limit))
		if err != nil {
			apiError(c, http.StatusRequestEntityTooLarge, "too_large", "The body is larger than an item of this kind may be")
			return
		}
		if k.Name() != "media" && !utf8.Valid(body) {
			// encoding/json would quietly put U+FFFD in place of the bytes
			apiError(c, http.StatusBadRequest, "bad_request", "The body is not UTF-8")
			return
		}
		sum := sha256.Sum256(body)
		op := command.Op{Scope: "content." + k.Name(), Key: idempotencyKey(c),
			Request: []string{c.Request.Method, key, hex.EncodeToString(sum[:])}}
		res, _, err := command.Run(c.Request.Context(), h.runner(), op, func(ctx context.Context, tx pgx.Tx) (changeResult, error) {
			it, outcome, err := content.Put(ctx, tx, k, key, body, create, h.d.RedirectOrigins)
			if err != nil {
				return changeResult{}, err
			}
			return changeResult{Key: content.Key(k, it), Outcome: outcome}, nil
		})
		if err != nil {
			h.contentError(c, err)
			return
		}
		it, err := content.Get(c.Request.Context(), h.d.Pool, k, res.Key)
		if err != nil {
			h.contentError(c, err)
			return
		}
		status := http.StatusOK
		if res.Outcome == content.Created {
			status = http.StatusCreated
		}
		c.Header("Slotwise-Outcome", string(res.Outcome))
		if m, isMedia := it.(*content.Media); isMedia {
			c.JSON(status, content.MediaInfo{Name: m.Name, Bytes: len(m.Data)})
			return
		}
		c.JSON(status, it)
	}
}

func (h adminAPI) deleteContent(c *gin.Context) {
	k, key, ok := contentTarget(c)
	if !ok {
		return
	}
	op := command.Op{Scope: "content." + k.Name() + ".delete", Key: idempotencyKey(c), Request: key}
	_, _, err := command.Run(c.Request.Context(), h.runner(), op, func(ctx context.Context, tx pgx.Tx) (bool, error) {
		return true, content.Delete(ctx, tx, k, key)
	})
	if err != nil {
		h.contentError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h adminAPI) runner() *command.Runner { return command.NewRunner(h.d.Pool) }
