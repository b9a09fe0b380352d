// Command bytesbench is the ceiling for make bench's website page: it
// fetches a page from a running Slotwise once, then answers every request
// with exactly those bytes and headers from plain net/http. A cached page
// is measured against it, side by side in one run.
package main

import (
	"flag"
	"io"
	"log"
	"net/http"
)

func main() {
	from := flag.String("from", "", "the page to copy, e.g. http://127.0.0.1:8080/")
	addr := flag.String("addr", "127.0.0.1:0", "where to serve it")
	host := flag.String("host", "", "the Host the page is asked for with (a business's), when not -from's")
	flag.Parse()
	// Asked for as wrk asks (no Accept-Encoding), the page comes as it is
	// served to wrk: identity, with its Content-Length.
	req, err := http.NewRequest(http.MethodGet, *from, nil)
	if err != nil {
		log.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	if *host != "" {
		req.Host = *host
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		log.Fatalf("%s: %d %v", *from, res.StatusCode, err)
	}
	header := res.Header.Clone()
	header.Del("Date")
	log.Fatal(http.ListenAndServe(*addr, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range header {
			w.Header()[k] = v
		}
		w.Write(body)
	})))
}
