package web

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/admin"
)

// The operator scope of the admin API, under /api/admin/operator: the
// deployment's businesses and the hostnames each answers on, with a token
// of `slotwise token create --operator`. It answers on any host (it is
// the deployment's, not a business's) and reads nothing a business wrote
// but its slug and name. A business's token is refused here, and an
// operator's token everywhere else.

// operatorPrefix is where the operator scope lives.
const operatorPrefix = "/api/admin/operator/"

func (h adminAPI) registerOperator(r *Registry) {
	g := r.API().Group("/admin/operator")
	g.Use(h.authenticateOperator)
	g.GET("/businesses", h.listBusinesses)
	g.POST("/businesses", h.addBusiness)
	g.GET("/businesses/:slug", h.getBusiness)
	g.DELETE("/businesses/:slug", h.removeBusiness)
	g.POST("/businesses/:slug/default", h.makeDefault)
	g.DELETE("/default", h.noDefault)
	g.POST("/businesses/:slug/hosts", h.addHost)
	g.DELETE("/businesses/:slug/hosts/:host", h.removeHost)
}

// authenticateOperator admits a live operator token; wrong tokens count
// as guesses against the client's limit, as the business's do.
func (h adminAPI) authenticateOperator(c *gin.Context) {
	secret, ok := bearerToken(c.GetHeader("Authorization"))
	if !ok {
		unauthorized(c, `Bearer realm="slotwise-operator"`, "Send an operator token: Authorization: Bearer swo_… (slotwise token create --operator)")
		return
	}
	ctx := c.Request.Context()
	_, err := admin.AuthenticateOperator(ctx, h.d.Pool, secret)
	if errors.Is(err, admin.ErrTokenNotFound) {
		if lerr := wrongSecret(ctx, h.s.limits, c.ClientIP()); lerr != nil {
			h.s.adminError(c, lerr)
			return
		}
		unauthorized(c, `Bearer realm="slotwise-operator", error="invalid_token"`, "This token is not a live operator token")
		return
	}
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.Next()
}

// operatorError answers the registry's refusals.
func (h adminAPI) operatorError(c *gin.Context, err error) {
	var invalid *admin.InvalidError
	switch {
	case errors.As(err, &invalid):
		adminInvalid(c, invalid.Fields)
	case errors.Is(err, admin.ErrBusinessNotFound):
		apiError(c, http.StatusNotFound, "not_found", "There is no business with this slug")
	case errors.Is(err, admin.ErrHostNotFound):
		apiError(c, http.StatusNotFound, "not_found", "The business has no such host")
	case errors.Is(err, admin.ErrBusinessExists):
		apiError(c, http.StatusConflict, "exists", "There is a business with this slug already")
	case errors.Is(err, admin.ErrHostClaimed):
		apiError(c, http.StatusConflict, "claimed", "This host is claimed already, by this business or another")
	default:
		h.s.adminError(c, err)
	}
}

func (h adminAPI) listBusinesses(c *gin.Context) {
	after, limit, ok := h.keyPage(c)
	if !ok {
		return
	}
	list, last, err := admin.BusinessesAfter(c.Request.Context(), h.d.Pool, after, limit)
	if err != nil {
		h.operatorError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(list, keyCursor(last)))
}

func (h adminAPI) addBusiness(c *gin.Context) {
	var in admin.NewBusiness
	if !decodeAdmin(c, &in) {
		return
	}
	b, err := admin.AddBusiness(c.Request.Context(), h.d.Pool, in)
	if err != nil {
		h.operatorError(c, err)
		return
	}
	c.Header("Location", operatorPrefix+"businesses/"+b.Slug)
	c.JSON(http.StatusCreated, b)
}

func (h adminAPI) getBusiness(c *gin.Context) {
	b, err := admin.GetBusiness(c.Request.Context(), h.d.Pool, c.Param("slug"))
	if err != nil {
		h.operatorError(c, err)
		return
	}
	c.JSON(http.StatusOK, b)
}

func (h adminAPI) removeBusiness(c *gin.Context) {
	if err := admin.RemoveBusiness(c.Request.Context(), h.d.Pool, c.Param("slug")); err != nil {
		h.operatorError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h adminAPI) makeDefault(c *gin.Context) {
	ctx := c.Request.Context()
	if err := admin.SetDefault(ctx, h.d.Pool, c.Param("slug")); err != nil {
		h.operatorError(c, err)
		return
	}
	h.getBusiness(c)
}

func (h adminAPI) noDefault(c *gin.Context) {
	if err := admin.SetDefault(c.Request.Context(), h.d.Pool, ""); err != nil {
		h.operatorError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h adminAPI) addHost(c *gin.Context) {
	var in admin.Host
	if !decodeAdmin(c, &in) {
		return
	}
	ctx := c.Request.Context()
	if _, err := admin.GetBusiness(ctx, h.d.Pool, c.Param("slug")); err != nil {
		h.operatorError(c, err)
		return
	}
	host, err := admin.AddHost(ctx, h.d.Pool, c.Param("slug"), in)
	if err != nil {
		h.operatorError(c, err)
		return
	}
	c.JSON(http.StatusCreated, host)
}

func (h adminAPI) removeHost(c *gin.Context) {
	ctx := c.Request.Context()
	if _, err := admin.GetBusiness(ctx, h.d.Pool, c.Param("slug")); err != nil {
		h.operatorError(c, err)
		return
	}
	if err := admin.RemoveHost(ctx, h.d.Pool, c.Param("slug"), c.Param("host")); err != nil {
		h.operatorError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
