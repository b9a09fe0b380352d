package web

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/calsync"
)

// The calendar connections of the admin API: a staff member's CalDAV
// account or iCalendar subscription, whose events block their time. The
// password is write-only: no answer, log line or error carries it.

func (h adminAPI) registerCalendarConnections(g *gin.RouterGroup) {
	if h.d.Calendars == nil {
		return
	}
	g.POST("/calendar-connections", h.createCalendarConnection)
	g.GET("/calendar-connections", h.listCalendarConnections)
	g.GET("/calendar-connections/:id", h.getCalendarConnection)
	g.PATCH("/calendar-connections/:id", h.updateCalendarConnection)
	g.DELETE("/calendar-connections/:id", h.deleteCalendarConnection)
	g.POST("/calendar-connections/:id/sync", h.syncCalendarConnection)
}

func (h adminAPI) createCalendarConnection(c *gin.Context) {
	var in calsync.Input
	if !decodeAdmin(c, &in) {
		return
	}
	conn, err := h.d.Calendars.Create(c.Request.Context(), in)
	var connected *calsync.ConnectedError
	if errors.As(err, &connected) && connected.ID != "" {
		// A create sent again (its answer lost) finds the connection it made.
		c.Header("Location", "/api/admin/calendar-connections/"+connected.ID)
	}
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Header("Location", "/api/admin/calendar-connections/"+conn.ID)
	c.JSON(http.StatusCreated, conn)
}

func (h adminAPI) listCalendarConnections(c *gin.Context) {
	list, err := h.d.Calendars.List(c.Request.Context(), c.Query("staff"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(list, ""))
}

func (h adminAPI) getCalendarConnection(c *gin.Context) {
	conn, err := h.d.Calendars.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, conn)
}

// CalendarConnectionPatch says which calendars are checked for conflicts
// and which one bookings are written to (null: none). A field left out
// stays as it is.
type CalendarConnectionPatch struct {
	Check   *[]string       `json:"check"`
	WriteTo json.RawMessage `json:"writeTo" tstype:"string | null"`
}

func (h adminAPI) updateCalendarConnection(c *gin.Context) {
	var in CalendarConnectionPatch
	if !decodeAdmin(c, &in) {
		return
	}
	p := calsync.Patch{Check: in.Check}
	if len(in.WriteTo) > 0 {
		var to *string
		if err := json.Unmarshal(in.WriteTo, &to); err != nil {
			adminInvalid(c, map[string]string{"writeTo": "is a calendar's url, or null"})
			return
		}
		none := ""
		if to == nil {
			to = &none
		}
		p.WriteTo = to
	}
	conn, err := h.d.Calendars.Update(c.Request.Context(), c.Param("id"), p)
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, conn)
}

func (h adminAPI) deleteCalendarConnection(c *gin.Context) {
	if err := h.d.Calendars.Delete(c.Request.Context(), c.Param("id")); err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h adminAPI) syncCalendarConnection(c *gin.Context) {
	conn, err := h.d.Calendars.Sync(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, conn)
}
