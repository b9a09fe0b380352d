// Command providerdouble serves a payment provider's double for the
// browser tests and the benchmarks, as stripe-mock serves Stripe's:
// -provider razorpay (payments/razorpaytest) or paypal
// (payments/paypaltest). It prints "listening on URL" once it listens; its
// keys are its package's.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"

	"slotwise/backend/internal/payments/paypaltest"
	"slotwise/backend/internal/payments/razorpaytest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "where to listen (loopback)")
	provider := flag.String("provider", "", "razorpay or paypal")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	var double http.Handler
	switch *provider {
	case "razorpay":
		d := razorpaytest.New()
		d.URL, double = url, d
	case "paypal":
		d := paypaltest.New()
		d.URL, double = url, d
	default:
		log.Fatalf("providerdouble: -provider is razorpay or paypal, not %q", *provider)
	}
	fmt.Println("listening on", url)
	log.Fatal(http.Serve(ln, double))
}
