package events

// The claim's setting and statement, for the test of its plan.
const (
	ClaimSetting = claimSetting
	ClaimSQL     = claimSQL
)
