package forms

import (
	"crypto/sha256"
	"math/bits"
	"strconv"
)

// A form sent sooner than a person usually fills it (MinFillSeconds) is
// not refused when the browser that sent it did a little work for it: a
// proof, the number n for which the SHA-256 of "key:n" begins with
// ProofBits zero bits. People whose browser or password manager fills a
// form in a second are people; the page's script makes the proof while it
// sends, and they see nothing. It is a cost, not a wall: a program can
// make it too, and the limits per client and per form stay what stops a
// flood.

// ProofBits is the work asked: 2^12 tries on average, a fraction of a
// second in a phone's browser.
const ProofBits = 12

// ProofValid tells whether proof is a proof of work for key.
func ProofValid(key, proof string) bool {
	if key == "" || proof == "" || len(proof) > 12 {
		return false
	}
	if _, err := strconv.ParseUint(proof, 10, 64); err != nil {
		return false
	}
	sum := sha256.Sum256([]byte(key + ":" + proof))
	zeros := 0
	for _, b := range sum {
		if b != 0 {
			zeros += bits.LeadingZeros8(b)
			break
		}
		zeros += 8
	}
	return zeros >= ProofBits
}

// MinFill is how soon, in seconds, the form may be sent without a proof.
func (d *Definition) MinFill() int { return d.minFill() }
