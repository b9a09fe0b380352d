package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/notify"
)

// Staff calendar feeds: the admin API makes (or ends) a person's secret
// iCalendar URL; their calendar app subscribes to it and sees their
// bookings from a month ago on.

// staffFeedPath is where a feed is served; the secret is the file name.
const staffFeedPath = "/ical/staff/"

// FeedResponse is a staff member's new feed URL.
type FeedResponse struct {
	URL string `json:"url"`
}

func (h adminAPI) registerFeeds(g *gin.RouterGroup, root gin.IRoutes) {
	g.POST("/staff/:slug/feed", h.createFeed)
	g.DELETE("/staff/:slug/feed", h.revokeFeed)
	root.GET(staffFeedPath+":file", h.feed)
}

func (h adminAPI) createFeed(c *gin.Context) {
	secret, err := admin.CreateFeed(c.Request.Context(), h.d.Pool, c.Param("slug"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusCreated, FeedResponse{URL: h.s.absolute(c.Request.Context(), staffFeedPath+secret+".ics")})
}

func (h adminAPI) revokeFeed(c *gin.Context) {
	if err := admin.RevokeFeeds(c.Request.Context(), h.d.Pool, c.Param("slug")); err != nil {
		h.s.adminError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// feedHorizon is how far back a feed shows bookings.
const feedHorizon = 30 * 24 * time.Hour

// maxFeedBookings bounds a feed (a year of a busy person's days).
const maxFeedBookings = 2000

// feed serves a staff member's bookings as an iCalendar feed. A wrong or
// revoked secret counts as a token guess.
func (h adminAPI) feed(c *gin.Context) {
	ctx := c.Request.Context()
	secret, ok := strings.CutSuffix(c.Param("file"), ".ics")
	slug, name, err := admin.FeedStaff(ctx, h.d.Pool, secret)
	if !ok || errors.Is(err, admin.ErrFeedNotFound) {
		if lerr := wrongSecret(ctx, h.s.limits, c.ClientIP()); lerr != nil {
			h.s.adminError(c, lerr)
			return
		}
		c.String(http.StatusNotFound, "Not found")
		return
	}
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	var events []notify.Event
	cursor, now := "", h.d.Bookings.Now()
	for len(events) < maxFeedBookings {
		rows, next, err := h.d.Bookings.List(ctx, booking.ListQuery{Staff: slug, From: now.Add(-feedHorizon),
			Status: "scheduled,pending,requested,rescheduled", Cursor: cursor, Limit: 100})
		if err != nil {
			h.s.adminError(c, err)
			return
		}
		for _, r := range rows {
			events = append(events, booking.StaffEvent(r, ""))
		}
		if cursor = next; cursor == "" {
			break
		}
	}
	c.Header("Cache-Control", "private, max-age=300")
	c.Header("Content-Disposition", fmt.Sprintf("inline; filename=%q", slug+".ics"))
	c.Data(http.StatusOK, "text/calendar; charset=utf-8", notify.ICSFeed(name, events))
}
