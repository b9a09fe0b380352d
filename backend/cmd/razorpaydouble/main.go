// Command razorpaydouble serves the Razorpay double (payments/razorpaytest)
// for the browser tests, as stripe-mock serves Stripe's: it prints
// "listening on URL" once it listens. Its keys are razorpaytest's.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"

	"slotwise/backend/internal/payments/razorpaytest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "where to listen (loopback)")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	d := razorpaytest.New()
	d.URL = "http://" + ln.Addr().String()
	fmt.Println("listening on", d.URL)
	log.Fatal(http.Serve(ln, d))
}
