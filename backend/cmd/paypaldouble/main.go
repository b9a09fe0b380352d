// Command paypaldouble serves the PayPal double (payments/paypaltest) for
// the browser tests and the benchmarks, as stripe-mock serves Stripe's: it
// prints "listening on URL" once it listens. Its credentials and webhook
// id are paypaltest's.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"

	"slotwise/backend/internal/payments/paypaltest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "where to listen (loopback)")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	d := paypaltest.New()
	d.URL = "http://" + ln.Addr().String()
	fmt.Println("listening on", d.URL)
	log.Fatal(http.Serve(ln, d))
}
