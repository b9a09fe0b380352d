// Command sitegen writes a site's folder for the import benchmark (make
// bench): the demo with every kind of content, grown to -posts posts and
// -calendars more calendars.
package main

import (
	"flag"
	"fmt"
	"os"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/content/contenttest"
	"slotwise/backend/internal/demo"
)

func main() {
	posts := flag.Int("posts", 1000, "posts to add")
	calendars := flag.Int("calendars", 200, "calendars to add")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: sitegen [-posts N] [-calendars N] DIR")
		os.Exit(2)
	}
	folder, err := content.Read(demo.Site())
	if err == nil {
		err = content.Write(flag.Arg(0), contenttest.Grow(folder.Site, *posts, *calendars))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sitegen:", err)
		os.Exit(1)
	}
}
