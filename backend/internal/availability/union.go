package availability

type staffStart struct{ start, id int64 }

func (a staffStart) less(b staffStart) bool {
	return a.start < b.start || a.start == b.start && a.id < b.id
}

// union merges the members' sorted starts into slots (rule 6).
func (pl *plan) union(runs [][]int64, ids []int64) []Slot {
	n := 0
	for _, r := range runs {
		n += len(r)
	}
	if n == 0 {
		return nil
	}
	// Lay the runs end to end, then merge neighbours pairwise until one
	// sorted run is left: n·log(staff) steps.
	pairs, spare := make([]staffStart, 0, n), make([]staffStart, n)
	bounds := []int{0}
	for i, r := range runs {
		if len(r) == 0 {
			continue
		}
		for _, s := range r {
			pairs = append(pairs, staffStart{s, ids[i]})
		}
		bounds = append(bounds, len(pairs))
	}
	for len(bounds) > 2 {
		next := bounds[:1]
		for k := 0; k+1 < len(bounds); k += 2 {
			if k+2 >= len(bounds) {
				copy(spare[bounds[k]:], pairs[bounds[k]:bounds[k+1]])
				next = append(next, bounds[k+1])
				continue
			}
			mergeRuns(spare[bounds[k]:bounds[k+2]], pairs[bounds[k]:bounds[k+1]], pairs[bounds[k+1]:bounds[k+2]])
			next = append(next, bounds[k+2])
		}
		bounds, pairs, spare = next, spare, pairs
	}
	slots := make([]Slot, 0, n)
	all := make([]int64, 0, n)
	for i := 0; i < len(pairs); {
		j, from := i, len(all)
		for ; j < len(pairs) && pairs[j].start == pairs[i].start; j++ {
			if len(all) == from || all[len(all)-1] != pairs[j].id {
				all = append(all, pairs[j].id)
			}
		}
		slots = append(slots, Slot{Start: pl.time(pairs[i].start), StaffIDs: all[from:len(all):len(all)]})
		i = j
	}
	return slots
}

// mergeRuns merges the sorted a and b into dst, which has room for both.
func mergeRuns(dst, a, b []staffStart) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if b[j].less(a[i]) {
			dst[k] = b[j]
			j++
		} else {
			dst[k] = a[i]
			i++
		}
		k++
	}
	k += copy(dst[k:], a[i:])
	copy(dst[k:], b[j:])
}
