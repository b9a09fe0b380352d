package web

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/people"
)

// The dashboard's people through the admin API, as the owner's People
// page and `slotwise user` keep them: list, invite (the person is added
// and mailed a sign-in link that works for a day, in one transaction),
// remove (their sessions end; the last owner stays).

func (h adminAPI) registerPeople(g *gin.RouterGroup) {
	if h.d.People == nil {
		return
	}
	g.GET("/people", h.listPeople)
	g.POST("/people", h.invitePerson)
	g.DELETE("/people/:email", h.removePerson)
}

// AdminAPIPerson is a person as the admin API shows them.
type AdminAPIPerson struct {
	Email     string `json:"email"`
	Role      string `json:"role"`
	Staff     string `json:"staff,omitempty"` // a staff member's slug
	CreatedAt string `json:"createdAt"`
}

// PersonInput invites a person.
type PersonInput struct {
	Email  string `json:"email"`
	Role   string `json:"role"`
	Staff  string `json:"staff,omitempty"`
	Locale string `json:"locale,omitempty"` // the invitation's language; the business's when empty
}

func (h adminAPI) personOf(c *gin.Context, p people.Person) (AdminAPIPerson, error) {
	out := AdminAPIPerson{Email: p.Email, Role: p.Role, CreatedAt: p.CreatedAt.UTC().Format(rfc3339)}
	if p.StaffID != 0 {
		st, err := h.d.Bookings.Person(c.Request.Context(), p.StaffID)
		if err != nil && !errors.Is(err, booking.ErrPersonNotFound) {
			return out, err
		}
		if st != nil {
			out.Staff = st.Slug
		}
	}
	return out, nil
}

func (h adminAPI) listPeople(c *gin.Context) {
	list, err := h.d.People.List(c.Request.Context())
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	out := make([]AdminAPIPerson, len(list))
	for i, p := range list {
		if out[i], err = h.personOf(c, p); err != nil {
			h.s.adminError(c, err)
			return
		}
	}
	c.JSON(http.StatusOK, newPage(out, ""))
}

func (h adminAPI) invitePerson(c *gin.Context) {
	var in PersonInput
	if !decodeAdmin(c, &in) {
		return
	}
	ctx := c.Request.Context()
	var staffID int64
	if in.Role == people.RoleStaff {
		id, err := h.d.Bookings.StaffID(ctx, in.Staff)
		if errors.Is(err, booking.ErrPersonNotFound) {
			h.s.adminError(c, &booking.ValidationError{Fields: map[string]string{"staff": "admin.people.chooseStaff"}})
			return
		}
		if err != nil {
			h.s.adminError(c, err)
			return
		}
		staffID = id
	}
	locale := in.Locale
	if locale == "" {
		if b, err := h.d.Bookings.Business(ctx); err == nil {
			locale = b.DefaultLocale
		}
	}
	p, err := h.d.People.Invite(ctx, in.Email, in.Role, staffID, locale)
	if err != nil {
		h.s.adminError(c, peopleFieldError(err))
		return
	}
	out, err := h.personOf(c, *p)
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusCreated, out)
}

func (h adminAPI) removePerson(c *gin.Context) {
	if _, err := h.d.People.Remove(c.Request.Context(), c.Param("email")); err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
