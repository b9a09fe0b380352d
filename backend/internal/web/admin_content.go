package web

import (
	"errors"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/strictjson"
	"slotwise/backend/internal/web/pages"
)

// The site's content through the admin API: the model of its files
// (docs/content.md) as JSON, one item at a time, under
// /api/admin/content/{kind}/{key}. A picture (media) is sent and read as
// itself. Every change runs through the content service's command
// pipeline, with the checks an import makes; the database's triggers then drop exactly the cached
// pages that show what changed, on every replica.

// maxContentBytes bounds an item's body (a post's body is at most 512 KB);
// a picture's is content.MaxMediaBytes, one byte more to tell it was over.
// A body over its bound is 413, as every admin body (readAdminBody).
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
	var text *strictjson.TextError
	var shape *strictjson.ShapeError
	switch {
	case errors.As(err, &ps):
		fields := map[string]pages.FieldError{}
		var loose []string
		for _, p := range ps {
			if p.Field == "" {
				loose = append(loose, p.Message)
			} else if _, seen := fields[p.Field]; !seen {
				fields[p.Field] = pages.FieldError{Message: p.Message}
			}
		}
		msg := "Some fields are invalid"
		if len(loose) > 0 {
			msg = strings.Join(loose, "; ")
		}
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, pages.APIErrorResponse{Error: pages.APIErrorBody{Code: "invalid", Message: msg, Fields: fields}})
	case errors.As(err, &text), errors.As(err, &shape):
		refuseAdminBody(c, err)
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
	after, limit, ok := h.keyPage(c)
	if !ok {
		return
	}
	items, last, err := content.ListAfter(c.Request.Context(), h.d.Pool, k, after, limit)
	if err != nil {
		h.contentError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(items, keyCursor(last)))
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
		body, ok := readAdminBody(c, limit)
		if !ok {
			return
		}
		if k.Name() == "location" && !h.providerConfigured(c, body) {
			return
		}
		res, err := h.d.Content.Put(c.Request.Context(),
			content.Change{Kind: k, Key: key, Body: body, Create: create, IdempotencyKey: idempotencyKey(c)})
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

// providerConfigured refuses a business's choice of a payment provider it
// has no account at (its own, or the operator's for the default
// business): its calendars paid online would book nothing. (A site file
// may still name one: its calendars then say so.)
func (h adminAPI) providerConfigured(c *gin.Context, body []byte) bool {
	var l content.Location
	if strictjson.Decode(body, &l) != nil || l.PaymentProvider == "" || !slices.Contains(payments.ProviderNames, l.PaymentProvider) {
		return true // the content's own checks answer for these, and for a body of another shape
	}
	if h.d.Payments != nil {
		p, err := h.d.Payments.Provider(c.Request.Context(), l.PaymentProvider)
		if err != nil {
			h.s.adminError(c, err)
			return false
		}
		if p != nil {
			return true
		}
	}
	c.AbortWithStatusJSON(http.StatusUnprocessableEntity, pages.APIErrorResponse{Error: pages.APIErrorBody{Code: "invalid", Message: "Some fields are invalid",
		Fields: map[string]pages.FieldError{"paymentProvider": {Message: "The business has no account at " + l.PaymentProvider +
			": connect one first (PUT /api/admin/payment-accounts/" + l.PaymentProvider + ")"}}}})
	return false
}

func (h adminAPI) deleteContent(c *gin.Context) {
	k, key, ok := contentTarget(c)
	if !ok {
		return
	}
	if err := h.d.Content.Delete(c.Request.Context(), k, key, idempotencyKey(c)); err != nil {
		h.contentError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
