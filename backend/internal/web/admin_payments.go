package web

import (
	"errors"
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/payments"
)

// The business's own accounts at payment providers. Keys and webhook
// secrets are written, never read back: an answer shows the provider, a
// hint (mode and last characters) and when the account was connected.

func (h adminAPI) registerPaymentAccounts(g *gin.RouterGroup) {
	if h.d.Payments == nil {
		return
	}
	g.GET("/payment-accounts", h.listPaymentAccounts)
	g.PUT("/payment-accounts/:provider", h.connectPaymentAccount)
	g.DELETE("/payment-accounts/:provider", h.disconnectPaymentAccount)
}

func (h adminAPI) listPaymentAccounts(c *gin.Context) {
	list, err := h.d.Payments.Accounts(c.Request.Context())
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(list, ""))
}

// PaymentAccountInput is an account's credentials; the provider is the
// path's.
type PaymentAccountInput struct {
	SecretKey     string `json:"secretKey,omitempty"`
	KeyID         string `json:"keyId,omitempty"`
	KeySecret     string `json:"keySecret,omitempty"`
	ClientID      string `json:"clientId,omitempty"`
	ClientSecret  string `json:"clientSecret,omitempty"`
	WebhookSecret string `json:"webhookSecret,omitempty"`
	WebhookID     string `json:"webhookId,omitempty"`
}

func (h adminAPI) connectPaymentAccount(c *gin.Context) {
	provider, ok := paymentProvider(c)
	if !ok {
		return
	}
	var in PaymentAccountInput
	if !decodeAdmin(c, &in) {
		return
	}
	a, err := h.d.Payments.Connect(c.Request.Context(), payments.Credentials{Provider: provider, SecretKey: in.SecretKey, KeyID: in.KeyID,
		KeySecret: in.KeySecret, ClientID: in.ClientID, ClientSecret: in.ClientSecret, WebhookSecret: in.WebhookSecret, WebhookID: in.WebhookID})
	var verr *payments.ValidationError
	if errors.As(err, &verr) {
		adminInvalid(c, verr.Fields)
		return
	}
	if errors.Is(err, payments.ErrUnavailable) {
		c.Header("Retry-After", "30")
		apiError(c, http.StatusServiceUnavailable, "unavailable", "The provider could not be reached to check the keys; nothing was changed, try again")
		return
	}
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, a)
}

func (h adminAPI) disconnectPaymentAccount(c *gin.Context) {
	provider, ok := paymentProvider(c)
	if !ok {
		return
	}
	err := h.d.Payments.Disconnect(c.Request.Context(), provider)
	if errors.Is(err, payments.ErrNoAccount) {
		apiError(c, http.StatusNotFound, "not_found", "The business has no account at "+provider)
		return
	}
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// paymentProvider reads the path's provider, answering 404 for another.
func paymentProvider(c *gin.Context) (string, bool) {
	p := c.Param("provider")
	if !slices.Contains(payments.ProviderNames, p) {
		apiError(c, http.StatusNotFound, "not_found", "There is no such payment provider: stripe, razorpay or paypal")
		return "", false
	}
	return p, true
}
