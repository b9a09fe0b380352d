package payments_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/paypaltest"
)

// withPayPal makes PayPal the fixture's only provider: the business, which
// chose none, takes its payments there.
func (f *fixture) withPayPal(t *testing.T) *paypaltest.Double {
	t.Helper()
	d := paypaltest.Start(t)
	pp := payments.NewPayPal(payments.PayPalConfig{ClientID: paypaltest.ClientID, ClientSecret: paypaltest.ClientSecret,
		WebhookID: paypaltest.WebhookID, APIURL: d.URL})
	f.configure(pp)
	return d
}

// deliverPayPal sends an event as PayPal would, signed for our webhook,
// and runs its consumer.
func (f *fixture) deliverPayPal(t *testing.T, d *paypaltest.Double, id, typ, resource string) {
	t.Helper()
	body := d.Event(id, typ, resource)
	if err := f.pay.TakeEvent(context.Background(), "paypal", body, d.Headers(body, paypaltest.WebhookID)); err != nil {
		t.Fatal(err)
	}
	f.work(t)
}

func TestAPayPalPaymentIsApprovedThenCapturedOnceByWhicheverComesFirst(t *testing.T) {
	tests := []struct {
		name  string
		order []string // "return": the booker's return page; an event type: its delivery
	}{
		{"the booker returns first", []string{"return", "CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED"}},
		{"the approval's event first", []string{"CHECKOUT.ORDER.APPROVED", "return", "PAYMENT.CAPTURE.COMPLETED"}},
		{"the capture's event before the approval's", []string{"CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED", "CHECKOUT.ORDER.APPROVED", "return"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			d := f.withPayPal(t)
			b, token, order := f.book(t, monday10)
			if err := d.Approve(order); err != nil {
				t.Fatal(err)
			}
			for i, step := range tt.order {
				switch step {
				case "return":
					res, err := f.pay.Check(context.Background(), f.paymentOf(t, b.ID), token, true, false)
					if err != nil || res.State != payments.ResultPaid {
						t.Fatalf("the return page reads %+v, %v; want paid", res, err)
					}
				case "PAYMENT.CAPTURE.COMPLETED":
					f.deliverPayPal(t, d, "WH-capture", step, capturedBy(t, d, order))
				default:
					f.deliverPayPal(t, d, "WH-approved-"+string(rune('a'+i)), step, order)
				}
			}
			if got := f.state(t, b.ID); got != (state{"scheduled", "paid", 2700, 0}) {
				t.Fatalf("after approving and returning: %+v", got)
			}
			if n := len(d.Asked(http.MethodPost, "/v2/checkout/orders/"+order+"/capture")); n < 1 {
				t.Fatal("the order was never captured")
			}
			if d.OrderStatus(order) != "COMPLETED" {
				t.Fatalf("the order at PayPal is %s", d.OrderStatus(order))
			}
			if n := f.count(t, `SELECT count(*) FROM events WHERE type = 'booking.booked'`); n != 1 {
				t.Fatalf("booked %d times", n)
			}
			if n := f.count(t, `SELECT count(*) FROM payment_events WHERE provider = 'paypal'`); n != len(tt.order)-1 {
				t.Fatalf("%d events taken in for %d deliveries", n, len(tt.order)-1)
			}
		})
	}
}

// capturedBy is the capture of a completed order, as the double's event
// names it.
func capturedBy(t *testing.T, d *paypaltest.Double, order string) string {
	t.Helper()
	ids := d.CapturesOf(order)
	if len(ids) != 1 {
		t.Fatalf("order %s has captures %v, want one", order, ids)
	}
	return ids[0]
}

func TestAPayPalApprovalAfterTheHoldEndedIsNeverCaptured(t *testing.T) {
	for _, released := range []bool{true, false} {
		name := map[bool]string{true: "the hold released", false: "the hold ended, not yet released"}[released]
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			d := f.withPayPal(t)
			b, token, order := f.book(t, monday10)
			f.advance(11 * time.Minute)
			if released {
				if n, err := f.pay.ReleaseDue(context.Background()); n != 1 || err != nil {
					t.Fatalf("released %d, %v", n, err)
				}
				f.work(t)
			}
			_ = d.Approve(order)
			f.deliverPayPal(t, d, "WH-late", "CHECKOUT.ORDER.APPROVED", order)
			if _, err := f.pay.Check(context.Background(), f.paymentOf(t, b.ID), token, true, false); err != nil {
				t.Fatal(err)
			}
			if n := len(d.Asked(http.MethodPost, "/v2/checkout/orders/"+order+"/capture")); n != 0 {
				t.Fatalf("an approval after the hold was captured (%d)", n)
			}
			if _, err := f.pay.ReleaseDue(context.Background()); err != nil {
				t.Fatal(err)
			}
			f.work(t)
			res, err := f.pay.Check(context.Background(), f.paymentOf(t, b.ID), token, true, false)
			if err != nil || res.State != payments.ResultExpired {
				t.Fatalf("the return page after the hold: %+v, %v; want expired", res, err)
			}
			if got := f.state(t, b.ID); got != (state{"cancelled", "released", 0, 0}) {
				t.Fatalf("after the late approval: %+v, want released, nothing taken", got)
			}
		})
	}
}

// Captured all the same (a capture that crossed the hold's end), the late
// money goes back through PayPal, in the payment's currency, once.
func TestALatePayPalCaptureIsRefunded(t *testing.T) {
	f := newFixture(t)
	d := f.withPayPal(t)
	b, _, order := f.book(t, monday10)
	f.advance(11 * time.Minute)
	if _, err := f.pay.ReleaseDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	_ = d.Approve(order)
	captureID, err := d.Capture(order)
	if err != nil {
		t.Fatal(err)
	}
	f.deliverPayPal(t, d, "WH-late-capture", "PAYMENT.CAPTURE.COMPLETED", captureID)
	f.deliverPayPal(t, d, "WH-late-capture", "PAYMENT.CAPTURE.COMPLETED", captureID) // again: once
	f.work(t)
	if got := f.state(t, b.ID); got != (state{"cancelled", "refunded", 2700, 2700}) {
		t.Fatalf("after the late capture: %+v, want refunded", got)
	}
	refunds := d.Asked(http.MethodPost, "/v2/payments/captures/"+captureID+"/refund")
	if len(refunds) != 1 || !strings.Contains(refunds[0].Body, `{"currency_code":"EUR","value":"27.00"}`) || refunds[0].Header.Get("PayPal-Request-Id") == "" {
		t.Fatalf("refunds asked of PayPal: %+v", refunds)
	}
	if d.Refunded(captureID) != 2700 {
		t.Fatalf("refunded at PayPal: %d", d.Refunded(captureID))
	}
}

func TestCancellingAPayPalPaymentRefundsItByThePolicy(t *testing.T) {
	f := newFixture(t)
	d := f.withPayPal(t)
	b, token, order := f.book(t, monday10)
	_ = d.Approve(order)
	f.deliverPayPal(t, d, "WH-1", "CHECKOUT.ORDER.APPROVED", order)
	if got := f.state(t, b.ID); got.payment != "paid" {
		t.Fatalf("approved: %+v, want captured and paid", got)
	}
	if _, err := f.bookings.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	captureID := capturedBy(t, d, order)
	if got := f.state(t, b.ID); got != (state{"cancelled", "refunded", 2700, 2700}) || d.Refunded(captureID) != 2700 {
		t.Fatalf("cancelled within the window: %+v, %d refunded at PayPal", got, d.Refunded(captureID))
	}
}

func TestForgedPayPalEventsChangeNothingAndUnverifiableOnesComeAgain(t *testing.T) {
	f := newFixture(t)
	d := f.withPayPal(t)
	b, _, order := f.book(t, monday10)
	_ = d.Approve(order)
	body := d.Event("WH-forged", "CHECKOUT.ORDER.APPROVED", order)
	d.Down() // before its certificate was ever fetched
	if err := f.pay.TakeEvent(context.Background(), "paypal", body, d.Headers(body, paypaltest.WebhookID)); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("PayPal unreachable: %v, want ErrUnavailable", err)
	}
	d.Up()
	if err := f.pay.TakeEvent(context.Background(), "paypal", body, forger(d).Headers(body, paypaltest.WebhookID)); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("an event signed by another key: %v", err)
	}
	if n := f.count(t, `SELECT count(*) FROM payment_events`); n != 0 {
		t.Fatalf("%d events taken in before they were verified", n)
	}
	f.deliverPayPal(t, d, "WH-forged", "CHECKOUT.ORDER.APPROVED", order) // PayPal delivers it again, verified
	if got := f.state(t, b.ID); got.payment != "paid" {
		t.Fatalf("delivered again once PayPal answers: %+v", got)
	}
}
