package pages

import (
	"testing"
)

// A page of one visitor's is rendered once: the next visitor's is the same
// render with the keys it was made with swapped for theirs, and a page
// with another number of keys is another page.
func TestARenderOfOneVisitorsPageIsReusedWithTheNextVisitorsKeys(t *testing.T) {
	c := newRenderCache(8, 1<<20)
	first := []string{"key-of-ada-0001"}
	payload := []byte(`{"data":{"formKey":"key-of-ada-0001","time":"10:00"}}`)
	k := renderKey("/widget/x?time=10", payload, first)
	c.put(k, `<input name="idempotencyKey" value="key-of-ada-0001"><p>10:00</p>`, first)

	second := []string{"key-of-bob-0002"}
	again := []byte(`{"data":{"formKey":"key-of-bob-0002","time":"10:00"}}`)
	k2 := renderKey("/widget/x?time=10", again, second)
	if k2 != k {
		t.Fatal("the same page with another visitor's key is another render")
	}
	html, ok := c.get(k2, second)
	if !ok || html != `<input name="idempotencyKey" value="key-of-bob-0002"><p>10:00</p>` {
		t.Errorf("reused render %q (%v)", html, ok)
	}
	if _, ok := c.get(k2, nil); ok {
		t.Error("a render with a key served a page without one")
	}
	other := []byte(`{"data":{"formKey":"key-of-bob-0002","time":"11:00"}}`)
	if renderKey("/widget/x?time=10", other, second) == k {
		t.Error("another time is the same render")
	}
}
