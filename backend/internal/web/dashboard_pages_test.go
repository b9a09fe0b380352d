package web

import (
	"slices"
	"strconv"
	"testing"
)

// A list read page after page stops at its end or once it holds at
// least most rows, whether its first page was read with the others'
// reads (pagesFrom) or by it (allPages).
func TestAListIsReadPageAfterPageUntilItsEndOrItsBound(t *testing.T) {
	// Seven rows, three a page: the cursor is the next row's index.
	page := func(asked *[]string) func(cursor string) ([]int, string, error) {
		return func(cursor string) ([]int, string, error) {
			*asked = append(*asked, cursor)
			from, _ := strconv.Atoi(cursor)
			var rows []int
			for i := from; i < min(from+3, 7); i++ {
				rows = append(rows, i)
			}
			next := ""
			if from+3 < 7 {
				next = strconv.Itoa(from + 3)
			}
			return rows, next, nil
		}
	}
	for _, tt := range []struct {
		name      string
		read      func(page func(string) ([]int, string, error)) ([]int, error)
		want      []int
		wantAsked []string
	}{
		{"all", func(p func(string) ([]int, string, error)) ([]int, error) { return allPages(100, p) },
			[]int{0, 1, 2, 3, 4, 5, 6}, []string{"", "3", "6"}},
		{"bounded", func(p func(string) ([]int, string, error)) ([]int, error) { return allPages(4, p) },
			[]int{0, 1, 2, 3, 4, 5}, []string{"", "3"}},
		{"after a first page read already", func(p func(string) ([]int, string, error)) ([]int, error) {
			return pagesFrom([]int{0, 1, 2}, "3", 100, p)
		}, []int{0, 1, 2, 3, 4, 5, 6}, []string{"3", "6"}},
		{"a first page that was the last", func(p func(string) ([]int, string, error)) ([]int, error) {
			return pagesFrom([]int{0, 1}, "", 100, p)
		}, []int{0, 1}, nil},
		{"an empty first page", func(p func(string) ([]int, string, error)) ([]int, error) {
			return pagesFrom([]int{}, "", 100, p)
		}, []int{}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var asked []string
			got, err := tt.read(page(&asked))
			if err != nil || !slices.Equal(got, tt.want) || !slices.Equal(asked, tt.wantAsked) {
				t.Errorf("read %v asking %q (%v), want %v asking %q", got, asked, err, tt.want, tt.wantAsked)
			}
		})
	}
}
