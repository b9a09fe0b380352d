package web

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/webhooks"
)

// The webhook endpoints of the admin API: create (the answer carries the
// signing secret, shown once), list, read, change, delete, rotate the
// secret, and each endpoint's deliveries with their attempts, to replay.

func (h adminAPI) registerWebhooks(g *gin.RouterGroup) {
	g.POST("/webhooks", h.createWebhook)
	g.GET("/webhooks", h.listWebhooks)
	g.GET("/webhooks/:id", h.getWebhook)
	g.PATCH("/webhooks/:id", h.updateWebhook)
	g.DELETE("/webhooks/:id", h.deleteWebhook)
	g.POST("/webhooks/:id/rotate-secret", h.rotateWebhookSecret)
	g.GET("/webhooks/:id/deliveries", h.listDeliveries)
	g.GET("/webhooks/:id/deliveries/:delivery", h.getDelivery)
	g.POST("/webhooks/:id/deliveries/:delivery/replay", h.replayDelivery)
}

// CreatedEndpoint is a new endpoint with its signing secret.
type CreatedEndpoint struct {
	webhooks.Endpoint
	Secret string `json:"secret"`
}

func (h adminAPI) createWebhook(c *gin.Context) {
	var in webhooks.EndpointInput
	if !decodeAdmin(c, &in) {
		return
	}
	e, secret, err := h.d.Webhooks.Create(c.Request.Context(), in)
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Header("Location", "/api/admin/webhooks/"+e.ID)
	c.JSON(http.StatusCreated, CreatedEndpoint{Endpoint: *e, Secret: secret})
}

func (h adminAPI) listWebhooks(c *gin.Context) {
	list, err := h.d.Webhooks.List(c.Request.Context())
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(list, ""))
}

func (h adminAPI) getWebhook(c *gin.Context) {
	e, err := h.d.Webhooks.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, e)
}

func (h adminAPI) updateWebhook(c *gin.Context) {
	var in webhooks.EndpointInput
	if !decodeAdmin(c, &in) {
		return
	}
	e, err := h.d.Webhooks.Update(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, e)
}

func (h adminAPI) deleteWebhook(c *gin.Context) {
	if err := h.d.Webhooks.Delete(c.Request.Context(), c.Param("id")); err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// SecretResponse is an endpoint's new signing secret.
type SecretResponse struct {
	Secret string `json:"secret"`
}

func (h adminAPI) rotateWebhookSecret(c *gin.Context) {
	secret, err := h.d.Webhooks.RotateSecret(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, SecretResponse{Secret: secret})
}

func (h adminAPI) listDeliveries(c *gin.Context) {
	q, ok := readListQuery(c)
	if !ok {
		return
	}
	list, next, err := h.d.Webhooks.Deliveries(c.Request.Context(), c.Param("id"), q.cursor, q.limit)
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(list, next))
}

func (h adminAPI) getDelivery(c *gin.Context) {
	d, err := h.d.Webhooks.Delivery(c.Request.Context(), c.Param("id"), c.Param("delivery"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

func (h adminAPI) replayDelivery(c *gin.Context) {
	d, err := h.d.Webhooks.Replay(c.Request.Context(), c.Param("id"), c.Param("delivery"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, d)
}
